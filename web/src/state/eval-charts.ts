import type { EvalQuestionRow } from '../../../src/contract/index.js';

/** One bin of a histogram: values in `[from, to)` (the last bin includes `to`). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/**
 * Equal-width bins over the values (at most `bins`, fewer when there are few distinct values);
 * none for no values. Every value falls in exactly one bin.
 */
export function histogram(values: readonly number[], bins = 10): HistogramBin[] {
  if (values.length === 0) return [];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const count = max === min ? 1 : Math.max(1, Math.min(bins, new Set(values).size));
  const width = (max - min) / count || 1;
  const result: HistogramBin[] = Array.from({ length: count }, (_, index) => ({
    from: min + index * width,
    to: index === count - 1 ? max : min + (index + 1) * width,
    count: 0,
  }));
  for (const value of values) {
    const index = Math.min(count - 1, Math.floor((value - min) / width));
    const bin = result[index];
    if (bin) bin.count += 1;
  }
  return result;
}

/**
 * A bin's label: `from–to` in `format`'s words, or one value when both bounds read the same (a bin
 * of one value, or bounds closer than the format shows), never "2.2 s–2.2 s".
 */
export function binLabel(bin: Pick<HistogramBin, 'from' | 'to'>, format: (value: number) => string): string {
  const from = format(bin.from);
  const to = format(bin.to);
  return from === to ? from : `${from}–${to}`;
}

/** Questions right and wrong in each state a run ended in (completed, best_effort, failed, …). */
export function outcomesByStatus(
  questions: readonly Pick<EvalQuestionRow, 'status' | 'correct'>[],
): { status: string; correct: number; wrong: number }[] {
  const byStatus = new Map<string, { correct: number; wrong: number }>();
  for (const question of questions) {
    const entry = byStatus.get(question.status) ?? { correct: 0, wrong: 0 };
    if (question.correct) entry.correct += 1;
    else entry.wrong += 1;
    byStatus.set(question.status, entry);
  }
  return [...byStatus]
    .map(([status, counts]) => ({ status, ...counts }))
    .sort((a, b) => b.correct + b.wrong - (a.correct + a.wrong) || a.status.localeCompare(b.status));
}
