/** The median of some numbers (NaN when there are none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Per-page extraction times of ours and of the baseline in one line: medians and means, in ms. */
export function speedLine(ours: readonly number[], baseline: readonly number[]): string {
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
  const ourPart = `ours median ${median(ours).toFixed(1)} ms/page (mean ${mean(ours).toFixed(1)})`;
  if (baseline.length === 0) return ourPart;
  return `${ourPart}, readability median ${median(baseline).toFixed(1)} ms/page (mean ${mean(baseline).toFixed(1)}); ours/readability median ${(median(ours) / median(baseline)).toFixed(2)}`;
}
