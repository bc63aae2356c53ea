import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ResearchConfig } from '../../config/index.js';
import { ConfigError } from '../../errors.js';
import { htmlReport } from '../report/html-report.js';
import { type EvalSummary, summarize } from '../report/summary.js';
import { summaryMarkdown } from '../report/summary-markdown.js';
import type { Dataset, EvalQuestion } from '../types.js';
import { createEvalProgress } from './progress.js';
import type { QuestionResult } from './question-result.js';
import { readResults } from './results-file.js';
import { checkResume, type EvalSetup } from './resume-check.js';
import { type RunEvalOptions, runEvaluation } from './run-eval.js';

export interface EvalJobOptions extends Omit<RunEvalOptions, 'questions' | 'onStart' | 'onResult'> {
  dataset: Dataset;
  /** The questions chosen by --ids, --sample and --limit, in dataset order. */
  selected: readonly EvalQuestion[];
  /** Continue in an `outDir` that has results: only the questions without a line run. */
  resume: boolean;
  /** Where progress goes; none when quiet. */
  progress?: { stream: NodeJS.WritableStream; isTTY: boolean };
}

/** What an evaluation left behind. */
export interface EvalJobOutcome {
  summary: EvalSummary;
  /** The summary as markdown (also in `summary.md`). */
  markdown: string;
  /** Results of the selected questions, in dataset order. */
  results: QuestionResult[];
  /** Questions this pass ran (finished ones of an earlier pass left out). */
  ran: number;
  interrupted: boolean;
}

/** The options as stored in `eval.json`: never the API key. */
function storedOptions(config: ResearchConfig): Record<string, unknown> {
  const { apiKey: _apiKey, ...rest } = config;
  return rest;
}

/**
 * An evaluation from start (or from where a killed one stopped) to its reports: checks the output
 * folder, runs the questions without a result line, then writes `summary.json`, `summary.md` and
 * `report.html` over every finished question of the selection.
 */
export async function runEvalJob(options: EvalJobOptions): Promise<EvalJobOutcome> {
  const { outDir } = options;
  await mkdir(outDir, { recursive: true });
  const resultsPath = join(outDir, 'results.jsonl');
  const earlier = await readResults(resultsPath);
  if (earlier.length > 0 && !options.resume) {
    throw new ConfigError(
      `${outDir} already has results for ${earlier.length} questions; pass --resume to finish the missing ones, or choose another --out folder.`,
      { key: 'out' },
    );
  }
  const setup: EvalSetup = {
    dataset: options.dataset.path,
    format: options.dataset.format,
    questionIds: options.selected.map((question) => question.id),
    judgeModel: options.judge?.model,
    options: storedOptions(options.config),
  };
  if (earlier.length > 0) await checkResume(outDir, setup);
  const selectedIds = new Set(setup.questionIds);
  const previous = earlier.filter((result) => selectedIds.has(result.id));
  const finished = new Set(previous.map((result) => result.id));
  const remaining = options.selected.filter((question) => !finished.has(question.id));
  await writeFile(
    join(outDir, 'eval.json'),
    `${JSON.stringify(
      { ...setup, questions: options.selected.length, startedAt: new Date().toISOString() },
      null,
      2,
    )}\n`,
  );

  const progress = options.progress
    ? createEvalProgress({ ...options.progress, total: options.selected.length, previous })
    : undefined;
  let pass: Awaited<ReturnType<typeof runEvaluation>>;
  try {
    pass = await runEvaluation({
      ...options,
      questions: remaining,
      onStart: progress?.onStart,
      onResult: progress?.onResult,
    });
  } finally {
    progress?.close();
  }

  const byId = new Map([...previous, ...pass.results].map((result) => [result.id, result]));
  const results = options.selected.flatMap((question) => byId.get(question.id) ?? []);
  const summary = summarize({
    dataset: basename(options.dataset.path),
    format: options.dataset.format,
    questions: options.selected.length,
    results,
  });
  const markdown = summaryMarkdown(summary);
  await writeFile(join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(join(outDir, 'summary.md'), markdown);
  await writeFile(join(outDir, 'report.html'), htmlReport(summary, results));
  return { summary, markdown, results, ran: remaining.length, interrupted: pass.interrupted };
}
