import { dollars, percent, score, seconds } from '../report/format-figures.js';
import type { EvalQuestion } from '../types.js';
import { isCorrect, type QuestionResult } from './question-result.js';

export interface EvalProgressOptions {
  stream: NodeJS.WritableStream;
  /** A live progress bar when true; one plain line per finished question otherwise. */
  isTTY: boolean;
  /** Questions selected, finished ones included. */
  total: number;
  /** Results of an earlier pass (`--resume`), counted in the figures. */
  previous: readonly QuestionResult[];
  now?: () => number;
}

const BAR_WIDTH = 20;
/** How often the bar redraws its elapsed time on a terminal (ms). */
const TICK_MS = 1_000;

/**
 * Shows an evaluation's progress on stderr: done/total, running accuracy, F1 and cost, and how many
 * questions are running. Returns the callbacks the runner calls and a `close()` that ends the bar.
 */
export function createEvalProgress(options: EvalProgressOptions) {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const results = [...options.previous];
  let running = 0;
  let barShown = false;

  const figures = () => {
    // Before the first answer there is nothing to show: no 0% accuracy, no $0 cost.
    if (results.length === 0) return 'no answer yet';
    const correct = results.filter(isCorrect).length;
    const f1 = results.reduce((sum, result) => sum + result.f1, 0);
    let cost: number | null = 0;
    for (const result of results)
      cost = cost === null || result.usage.costUsd === null ? null : cost + result.usage.costUsd;
    const n = Math.max(1, results.length);
    return `accuracy ${percent(correct / n)} · F1 ${score(f1 / n)} · ${dollars(cost)}`;
  };
  const draw = () => {
    if (!options.isTTY) return;
    const filled = Math.round((results.length / Math.max(1, options.total)) * BAR_WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    options.stream.write(
      `\r\x1b[2K[${bar}] ${results.length}/${options.total} · ${figures()} · ${running} running · ${seconds(now() - startedAt)}`,
    );
    barShown = true;
  };

  // The elapsed time goes on while the first questions run, which can take a while.
  const ticker = options.isTTY ? setInterval(() => barShown && draw(), TICK_MS) : undefined;
  ticker?.unref();

  return {
    onStart(_question: EvalQuestion) {
      running += 1;
      draw();
    },
    onResult(result: QuestionResult) {
      running = Math.max(0, running - 1);
      results.push(result);
      if (options.isTTY) return draw();
      const mark = isCorrect(result) ? '✓' : '✗';
      const grade = result.judge ? ` judge ${result.judge.grade ?? 'failed'}` : '';
      options.stream.write(
        `[${results.length}/${options.total}] ${result.id} ${mark} EM ${result.em} F1 ${score(result.f1)}${grade} · ${result.status} · ${seconds(result.durationMs)} · ${dollars(result.usage.costUsd)} · ${figures()}\n`,
      );
    },
    close() {
      clearInterval(ticker);
      if (barShown) options.stream.write('\n');
      barShown = false;
    },
  };
}
