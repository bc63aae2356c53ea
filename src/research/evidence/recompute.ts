import { escapeRegExp } from '../../shared/index.js';
import { convertedValues } from '../support/index.js';
import type { ComputationInput } from './computation-inputs.js';
import { DECREASE_WORDS, OPERATION_WORDS, type OperationKind } from './computation-operations.js';

/** A number a program's output writes, and half the unit of its last written digit. */
export interface WrittenNumber {
  value: number;
  /** How far off the exact value the written one may be by its rounding (`25.0`: 0.05). */
  halfUnit: number;
}

/** Operands at most, and at most for operations over any subset of them (sum, average). */
const MAX_OPERANDS = 40;
const MAX_SUBSET_OPERANDS = 12;
/** What a ratio may be given per (1, a percentage, per 1,000 … per million). */
const PER_POWERS = [1, 100, 1_000, 10_000, 100_000, 1_000_000];
/** Relative slack on top of the written rounding (floating point). */
const SLACK = 1e-9;

const wholeWords = (words: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'u');
const MATCHERS = OPERATION_WORDS.map(({ kind, words }) => ({ kind, pattern: wholeWords(words) }));
const DECREASE = wholeWords(DECREASE_WORDS);

/** The operations a program's stated purpose names ("percentage change of visits" → percentage_change). */
export function purposeOperations(purpose: string): OperationKind[] {
  const text = purpose.toLowerCase().replace(/\s+/g, ' ');
  return MATCHERS.filter(({ pattern }) => pattern.test(text)).map(({ kind }) => kind);
}

/** A number as a program writes it: a sign not glued to a word or digit, thousands, decimals, exponent. */
const NUMBER = /(?<![\p{L}\p{N}.])([-−+]?)(\d+(?:,\d{3})*)(?:\.(\d+))?(?:e([-+]?\d+))?/giu;

/** The numbers an output writes, each with the rounding its written digits allow. */
export function writtenNumbers(output: string): WrittenNumber[] {
  return [...output.matchAll(NUMBER)].map((match) => {
    const [, sign = '', whole = '', decimals = '', exponent = '0'] = match;
    const value = Number(
      `${sign === '−' ? '-' : sign}${whole.replace(/,/g, '')}.${decimals || '0'}e${exponent}`,
    );
    return { value, halfUnit: 0.5 * 10 ** (Number(exponent) - decimals.length) };
  });
}

/** Whether a written number stands for `exact`, up to its rounding. */
export function writtenAs(number: WrittenNumber, exact: number): boolean {
  return Math.abs(number.value - exact) <= number.halfUnit * (1 + SLACK) + SLACK * Math.abs(exact);
}

/** Every number of a program's inputs, in order (each finding's figures). */
export function inputNumbers(inputs: Readonly<Record<string, ComputationInput>>): number[] {
  return Object.values(inputs).flatMap((input) => input.numbers);
}

/**
 * The numbers an output writes that are results: those that are not one of its inputs' figures
 * copied out ("from 120,000 to 150,000: 25.0%" has one result, 25.0).
 */
export function resultNumbers(
  output: string,
  inputs: Readonly<Record<string, ComputationInput>>,
): WrittenNumber[] {
  const given = inputNumbers(inputs);
  return writtenNumbers(output).filter(
    (number) => !given.some((value) => writtenAs(number, value) || writtenAs(number, -value)),
  );
}

function pairs(values: readonly number[], each: (x: number, y: number) => number[]): number[] {
  const operands = values.slice(0, MAX_OPERANDS);
  return operands.flatMap((x, i) => operands.flatMap((y, j) => (i === j ? [] : each(x, y))));
}

/** Sums of every subset of two or more operands, with their sizes; of the natural groups past MAX_SUBSET_OPERANDS. */
function subsetSums(inputs: Readonly<Record<string, ComputationInput>>): { sum: number; count: number }[] {
  const values = inputNumbers(inputs);
  if (values.length <= MAX_SUBSET_OPERANDS) {
    const sums: { sum: number; count: number }[] = [];
    for (let mask = 1; mask < 1 << values.length; mask += 1) {
      const chosen = values.filter((_, index) => mask & (1 << index));
      if (chosen.length > 1) sums.push({ sum: chosen.reduce((a, b) => a + b, 0), count: chosen.length });
    }
    return sums;
  }
  // Too many to try every subset: each finding's figures, all of them, and each table column.
  const groups = [values, ...Object.values(inputs).map((input) => input.numbers)];
  for (const input of Object.values(inputs)) {
    let width = 0;
    for (const row of input.rows) width = Math.max(width, row.length);
    for (let column = 0; column < width; column += 1) {
      groups.push(
        input.rows.flatMap((row) => {
          const cell = Number((row[column] ?? '').replace(/[,%$€£\s]/g, ''));
          return row[column] !== undefined && Number.isFinite(cell) ? [cell] : [];
        }),
      );
    }
  }
  return groups
    .filter((group) => group.length > 1)
    .map((group) => ({ sum: group.reduce((a, b) => a + b, 0), count: group.length }));
}

/** Period counts a growth rate may be compounded over: the spans between the inputs' years. */
function periods(values: readonly number[]): number[] {
  const years = values.filter((value) => Number.isInteger(value) && value >= 1000 && value <= 2999);
  return [...new Set(pairs(years, (x, y) => (y > x ? [y - x] : [])))];
}

const change = (x: number, y: number) => (x === 0 ? [] : [((y - x) / x) * 100, (y - x) / x]);

/**
 * What each recomputable operation gives on the inputs' figures: every value it may take over any
 * choice of operands (the engine does not know which figures the program meant, only what the
 * operation can give). A unit conversion is each figure in every other unit of its measure, by the
 * support check's own conversion table.
 */
export function recomputed(
  kind: OperationKind,
  inputs: Readonly<Record<string, ComputationInput>>,
): number[] {
  const values = inputNumbers(inputs);
  switch (kind) {
    case 'percentage_change':
      return pairs(values, change);
    case 'growth_rate':
      return [
        ...pairs(values, change),
        ...periods(values).flatMap((span) =>
          pairs(values, (x, y) =>
            x > 0 && y > 0 ? [((y / x) ** (1 / span) - 1) * 100, (y / x) ** (1 / span) - 1] : [],
          ),
        ),
      ];
    case 'ratio':
      // A ratio may be given per a power of ten: a percentage, per 1,000, per 100,000, per million.
      return pairs(values, (x, y) => (y === 0 ? [] : PER_POWERS.map((per) => (x / y) * per)));
    case 'difference':
      return pairs(values, (x, y) => [y - x]);
    case 'sum':
      return subsetSums(inputs).map((item) => item.sum);
    case 'average':
      return subsetSums(inputs).map((item) => item.sum / item.count);
    case 'unit_conversion':
      return Object.values(inputs).flatMap((input) =>
        input.figures.flatMap((figure) => convertedValues(figure.value, figure.unit)),
      );
  }
}

/** Whether a purpose states a change as a fall ("percentage decrease"): its size may be written positive. */
export function statesFall(purpose: string): boolean {
  return DECREASE.test(purpose.toLowerCase());
}

/**
 * Whether a result stands for one of the values its operation gives (both orders of two operands
 * are among them). A purpose that states a fall ("percentage decrease") may write a negative
 * change as its size.
 */
export function matchesOperation(
  result: WrittenNumber,
  options: { kind: OperationKind; candidates: readonly number[]; purpose: string },
): boolean {
  const sized = options.kind !== 'ratio' && statesFall(options.purpose);
  return options.candidates.some(
    (exact) => writtenAs(result, exact) || (sized && exact < 0 && writtenAs(result, -exact)),
  );
}
