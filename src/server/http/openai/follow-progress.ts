import type { RunAccess, RunManager } from '../../../runs/index.js';
import { progressLine } from './progress.js';

/** Where a followed run's output goes: the report's text as written, and its progress lines. */
export interface ProgressSinks {
  answer(text: string): Promise<void>;
  progress(line: string): Promise<void>;
}

/**
 * Follows a run of `/v1` from its first event until it ends or `signal` aborts: report text goes
 * to `answer` as it is written, and each other event that shows something, as a progress line
 * (see `progressLine`), to `progress`. Chat completions and the Responses API stream this way.
 */
export async function followProgress(
  run: { runs: RunManager; runId: string; access: RunAccess },
  signal: AbortSignal,
  sinks: ProgressSinks,
): Promise<void> {
  for await (const event of await run.runs.follow(run.runId, { after: -1, signal }, run.access)) {
    if (event.type === 'report-delta') {
      await sinks.answer(event.text);
      continue;
    }
    const line = progressLine(event);
    if (line) await sinks.progress(line);
  }
}
