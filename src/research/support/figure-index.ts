import type { Figure } from './figures.js';

/** Figures sorted by each value they may mean, for range lookups. */
export interface FigureIndex {
  entries: { value: number; figure: Figure }[];
}

/** Candidates examined per lookup: bounded work whatever the quotes hold. */
const MAX_CANDIDATES = 64;

export function indexFigures(figures: readonly Figure[]): FigureIndex {
  const entries = figures.flatMap((figure) => figure.values.map((value) => ({ value, figure })));
  entries.sort((a, b) => a.value - b.value);
  return { entries };
}

/** Index of the first entry whose value is at least `value`. */
function lowerBound(index: FigureIndex, value: number): number {
  let low = 0;
  let high = index.entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((index.entries[middle]?.value ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Up to MAX_CANDIDATES entries whose value lies in `[low, high]`. */
export function figuresBetween(
  index: FigureIndex,
  low: number,
  high: number,
): { value: number; figure: Figure }[] {
  const found: { value: number; figure: Figure }[] = [];
  for (let at = lowerBound(index, low); at < index.entries.length && found.length < MAX_CANDIDATES; at += 1) {
    const entry = index.entries[at];
    if (!entry || entry.value > high) break;
    found.push(entry);
  }
  return found;
}
