import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_RESULTS_READ_BYTES, MAX_RESULTS_READ_LINES } from '../constants.js';
import type { QuestionResult } from '../run/question-result.js';
import { resultLineSchema } from './result-line-schema.js';

/** The results a folder's `results.jsonl` holds, and what was left out of it. */
export interface ResultLines {
  results: QuestionResult[];
  /** Lines left out (not JSON, or missing a field), the file cut at a limit, or not a file at all. */
  warnings: string[];
}

/** Lines named one by one in the warnings; more are counted. */
const NAMED_PROBLEMS = 3;
// Non-blocking: a FIFO put in the file's place cannot hang the open.
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Why one line is not a result, or undefined when it is one. */
function problemOf(line: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  const checked = resultLineSchema.safeParse(value);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  return issue ? `"${issue.path.join('.') || '(the line)'}": ${issue.message}` : 'not a results line';
}

async function openFile(path: string): Promise<FileHandle | undefined> {
  try {
    return await open(path, FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads `results.jsonl` as the server shows it: streamed a chunk at a time (the event loop runs
 * between chunks), at most `maxBytes` and `maxLines`, only complete lines (an evaluation may be
 * writing the last one now). A line that is not a valid result is left out and reported in
 * `warnings`, as is a cut; a missing file has no results.
 */
export async function readResultLines(
  path: string,
  limits: { maxBytes?: number; maxLines?: number } = {},
): Promise<ResultLines> {
  const maxBytes = limits.maxBytes ?? MAX_RESULTS_READ_BYTES;
  const maxLines = limits.maxLines ?? MAX_RESULTS_READ_LINES;
  const name = basename(path);
  const handle = await openFile(path);
  if (!handle) return { results: [], warnings: [] };
  const results: QuestionResult[] = [];
  const problems: string[] = [];
  let lineNumber = 0;
  let cut = false;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { results, warnings: [`${name} is not a regular file; it was not read.`] };
    cut = info.size > maxBytes;
    let pending = '';
    const stream = handle.createReadStream({ encoding: 'utf8', end: maxBytes - 1, autoClose: false });
    for await (const chunk of stream as AsyncIterable<string>) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        lineNumber += 1;
        if (lineNumber > maxLines) break;
        if (!line.trim()) continue;
        const problem = problemOf(line);
        if (problem) problems.push(`line ${lineNumber}: ${problem}`);
        else results.push(JSON.parse(line) as QuestionResult);
      }
      if (lineNumber > maxLines) {
        cut = true;
        stream.destroy();
        break;
      }
    }
  } finally {
    await handle.close();
  }
  const warnings = problems.length === 0 ? [] : [leftOut(name, problems)];
  if (cut) {
    warnings.push(
      `${name} is longer than this server reads (${maxLines.toLocaleString('en-US')} lines, ${Math.round(maxBytes / 1024 / 1024)} MiB); the figures cover its first ${results.length.toLocaleString('en-US')} results.`,
    );
  }
  return { results, warnings };
}

function leftOut(name: string, problems: readonly string[]): string {
  const named = problems.slice(0, NAMED_PROBLEMS).join('; ');
  const more = problems.length > NAMED_PROBLEMS ? `; and ${problems.length - NAMED_PROBLEMS} more` : '';
  return `${problems.length} line${problems.length === 1 ? '' : 's'} of ${name} left out (${named}${more}).`;
}
