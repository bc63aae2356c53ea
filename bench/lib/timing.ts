/** The median of some numbers (NaN when there are none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Per-page extraction times of ours and of the baseline in one line: medians and means in ms, and
 * throughput (pages a second over the time spent extracting), with ours against the baseline as the
 * ratio of medians (below 1: ours is faster) and of throughputs (above 1: ours reads more pages).
 */
export function speedLine(ours: readonly number[], baseline: readonly number[]): string {
  const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
  const mean = (values: readonly number[]) => total(values) / Math.max(values.length, 1);
  const pagesPerSecond = (values: readonly number[]) => values.length / (total(values) / 1000);
  const describe = (name: string, values: readonly number[]) =>
    `${name} median ${median(values).toFixed(1)} ms/page (mean ${mean(values).toFixed(1)}, ${pagesPerSecond(values).toFixed(1)} pages/s)`;
  if (baseline.length === 0) return describe('ours', ours);
  const medianRatio = (median(ours) / median(baseline)).toFixed(2);
  const throughputRatio = (pagesPerSecond(ours) / pagesPerSecond(baseline)).toFixed(2);
  return `${describe('ours', ours)}, ${describe('readability', baseline)}; ours/readability median ${medianRatio}, throughput ${throughputRatio}x`;
}
