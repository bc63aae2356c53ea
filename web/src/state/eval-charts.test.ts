import { describe, expect, it } from 'vitest';
import { binLabel, histogram, outcomesByStatus } from './eval-charts.js';

describe('eval charts', () => {
  it('puts every value in one equal-width bin, the largest in the last', () => {
    const bins = histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5);
    expect(bins.map((bin) => bin.count)).toEqual([2, 2, 2, 2, 3]);
    expect(bins[0]).toMatchObject({ from: 0, to: 2 });
    expect(bins.at(-1)).toMatchObject({ from: 8, to: 10 });
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(11);
  });

  it('handles no values, one value and fewer distinct values than bins', () => {
    expect(histogram([])).toEqual([]);
    expect(histogram([5, 5, 5])).toEqual([{ from: 5, to: 5, count: 3 }]);
    expect(histogram([1, 2], 10).map((bin) => bin.count)).toEqual([1, 1]);
  });

  it('labels a bin by its bounds, or by one value when they read the same', () => {
    const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
    const [single] = histogram([2200, 2200]);
    expect(binLabel(single!, seconds)).toBe('2.2 s');
    expect(binLabel({ from: 2210, to: 2240 }, seconds)).toBe('2.2 s');
    expect(histogram([1000, 3000], 2).map((bin) => binLabel(bin, seconds))).toEqual([
      '1.0 s–2.0 s',
      '2.0 s–3.0 s',
    ]);
  });

  it('counts right and wrong answers per run status, most common status first', () => {
    expect(
      outcomesByStatus([
        { status: 'best_effort', correct: false },
        { status: 'completed', correct: true },
        { status: 'completed', correct: false },
        { status: 'completed', correct: true },
      ]),
    ).toEqual([
      { status: 'completed', correct: 2, wrong: 1 },
      { status: 'best_effort', correct: 0, wrong: 1 },
    ]);
  });
});
