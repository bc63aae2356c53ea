/**
 * The common operations a program's stated purpose names, with the words that name each (data):
 * the engine recomputes a recognised operation from the program's inputs on its own, and knows how
 * its output must move when the inputs do. Words are matched whole, lower-case, anywhere in the
 * purpose; a purpose may name several operations.
 */

/** An operation the engine can recompute from a program's input figures. */
export type OperationKind =
  | 'percentage_change'
  | 'growth_rate'
  | 'ratio'
  | 'difference'
  | 'sum'
  | 'average'
  | 'unit_conversion';

/** An operation and the words of a purpose that name it. */
export interface OperationWords {
  kind: OperationKind;
  words: readonly string[];
}

export const OPERATION_WORDS: readonly OperationWords[] = [
  {
    kind: 'percentage_change',
    words: [
      'percentage change',
      'percent change',
      'per cent change',
      '% change',
      'percentage increase',
      'percent increase',
      'percentage decrease',
      'percent decrease',
      'percentage rise',
      'percentage drop',
      'percentage fall',
      'percentage growth',
      'relative change',
    ],
  },
  {
    kind: 'growth_rate',
    words: ['growth rate', 'rate of growth', 'annual growth', 'compound annual', 'cagr', 'annualised growth'],
  },
  {
    kind: 'ratio',
    words: [
      'ratio',
      'times as',
      'times larger',
      'times more',
      'proportion',
      'share of',
      'fraction of',
      'per capita',
      'percentage of',
      'percent of',
    ],
  },
  {
    kind: 'difference',
    words: [
      'difference',
      'how much more',
      'how much less',
      'gap between',
      'absolute change',
      'net change',
      'subtract',
    ],
  },
  { kind: 'sum', words: ['sum', 'total', 'combined', 'altogether', 'added together', 'add up'] },
  { kind: 'average', words: ['average', 'mean', 'arithmetic mean'] },
  { kind: 'unit_conversion', words: ['convert', 'conversion', 'converted', 'expressed in'] },
];

/** How each operation is computed, for the note that tells the planner what to change. */
export const OPERATION_FORMULAS: Readonly<Record<OperationKind, string>> = {
  percentage_change: '(after - before) / before * 100',
  growth_rate: '((last / first) ** (1 / periods) - 1) * 100',
  ratio: 'a / b',
  difference: 'a - b',
  sum: 'a + b + …',
  average: '(a + b + …) / count',
  unit_conversion: 'value * factor',
};

/**
 * Words of a purpose that state a change as a fall: its percentage may be written as a positive
 * figure ("fell by 20%"), the size of a negative change.
 */
export const DECREASE_WORDS: readonly string[] = [
  'decrease',
  'decline',
  'drop',
  'fall',
  'fell',
  'reduction',
  'loss',
  'shrinkage',
];
