import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  DATASET_FORMATS,
  type DatasetFormat,
  type EvalDetail,
  type EvalListItem,
  type EvalQuestionRow,
} from '../../contract/index.js';
import { isCorrect, type QuestionResult } from '../run/question-result.js';
import { isEvalFolder, readEvalFile } from './read-eval-file.js';
import { readResultLines } from './read-result-lines.js';
import { summarize } from './summary.js';

/** A folder with an `eval.json`, as found under a root. */
interface EvalFolder {
  id: string;
  path: string;
}

const idOf = (path: string) => createHash('sha256').update(path).digest('hex').slice(0, 12);

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function rowOf(result: QuestionResult): EvalQuestionRow {
  return {
    id: result.id,
    question: result.question,
    gold: result.gold,
    prediction: result.prediction,
    types: result.types,
    runId: result.runId,
    status: result.status,
    stopReason: result.stopReason || undefined,
    em: result.em,
    f1: result.f1,
    grade: result.judge?.grade,
    correct: isCorrect(result),
    references: result.citations.references,
    verified: result.citations.verified,
    totalTokens: result.usage.totalTokens,
    costUsd: result.usage.costUsd ?? null,
    durationMs: result.durationMs,
  };
}

/**
 * The evaluations `deepresearch eval` left in `roots`: each root is an evaluation folder (it has an
 * `eval.json`) or a folder of them, one level down. Figures are computed from `results.jsonl` at
 * each call, so an evaluation still running shows what has finished.
 */
export function createEvalFolders(options: { roots: readonly string[] }) {
  const roots = [...new Set(options.roots.map((root) => resolve(root)))];

  const folders = async (): Promise<EvalFolder[]> => {
    const found: EvalFolder[] = [];
    for (const root of roots) {
      if (await isEvalFolder(root)) {
        found.push({ id: idOf(root), path: root });
        continue;
      }
      let entries: Dirent[];
      try {
        entries = await readdir(root, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isDirectory()) continue;
        const path = join(root, entry.name);
        if (await isEvalFolder(path)) found.push({ id: idOf(path), path });
      }
    }
    return found;
  };

  const load = async (folder: EvalFolder): Promise<{ item: EvalListItem; results: QuestionResult[] }> => {
    // Bounded, streamed reads: a damaged or huge file is reported in `warnings`, never a 500.
    const { meta, warnings: fileWarnings } = await readEvalFile(folder.path);
    const { results, warnings } = await readResultLines(join(folder.path, 'results.jsonl'));
    const format = (DATASET_FORMATS as readonly string[]).includes(meta.format ?? '')
      ? (meta.format as DatasetFormat)
      : 'jsonl';
    const summary = summarize({
      dataset: meta.dataset ? basename(meta.dataset) : basename(folder.path),
      format,
      questions: typeof meta.questions === 'number' ? meta.questions : results.length,
      results,
    });
    return {
      item: {
        id: folder.id,
        name: basename(folder.path),
        startedAt: meta.startedAt || undefined,
        model: meta.options?.model || undefined,
        summary,
        warnings: fileWarnings.length + warnings.length > 0 ? [...fileWarnings, ...warnings] : undefined,
      },
      results,
    };
  };

  return {
    /** Every evaluation found, newest first. */
    async list(): Promise<EvalListItem[]> {
      const items = await Promise.all((await folders()).map(async (folder) => (await load(folder)).item));
      return items.sort((a, b) => (b.startedAt ?? '').localeCompare(a.startedAt ?? ''));
    },
    /** One evaluation with its questions, or undefined for an unknown id. */
    async get(id: string): Promise<EvalDetail | undefined> {
      const folder = (await folders()).find((candidate) => candidate.id === id);
      if (!folder) return undefined;
      const { item, results } = await load(folder);
      return { ...item, questions: results.map(rowOf) };
    },
  };
}

/** The evaluations a server lists. */
export type EvalFolders = ReturnType<typeof createEvalFolders>;
