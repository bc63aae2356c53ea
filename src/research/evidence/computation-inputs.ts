import type { Finding } from '../../contract/index.js';
import { analyse } from '../support/index.js';

/** One figure of a finding's quotes as a program reads it. */
interface InputFigure {
  /** As written (`$1.5 million`, `2.5%`). */
  text: string;
  /** Its value (`1500000`, `2.5`). */
  value: number;
  /** Its unit's id (`dollar`, `percent`), when it has one. */
  unit?: string;
}

/** What a program reads as `inputs.F1`: the finding's claim and quotes, and their figures as numbers. */
export interface ComputationInput {
  claim: string;
  quotes: string[];
  /** Every figure's value, in the order the quotes write them. */
  numbers: number[];
  figures: InputFigure[];
  /** Lines of the quotes written as a table (`|` or tab separated), split into trimmed cells. */
  rows: string[][];
}

/** The texts a finding offers a program: its quotes, or for a computed finding its output. */
function texts(finding: Finding): string[] {
  return finding.computation ? [finding.computation.output] : finding.quotes.map((quote) => quote.text);
}

function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => /[|\t]/.test(line))
    .map((line) =>
      line
        .split(/[|\t]/)
        .map((cell) => cell.trim())
        .filter((cell) => cell !== ''),
    )
    .filter((cells) => cells.length > 1 && !cells.every((cell) => /^:?-+:?$/.test(cell)));
}

/**
 * The inputs of a program, by finding id: data read off the findings' verified quotes (the
 * figures found by the support check's own reader), never text a model retyped. The same
 * findings always give the same inputs, so a program run again gives the same output.
 */
export function computationInputs(findings: readonly Finding[]): Record<string, ComputationInput> {
  const inputs: Record<string, ComputationInput> = {};
  for (const finding of findings) {
    const quotes = texts(finding);
    const figures = quotes.flatMap((quote) =>
      analyse(quote).figures.flatMap((figure): InputFigure[] => {
        const value = figure.values[0];
        if (value === undefined) return [];
        const unit = figure.units[0];
        return [{ text: figure.text, value, ...(unit ? { unit } : {}) }];
      }),
    );
    inputs[finding.id] = {
      claim: finding.claim,
      quotes,
      numbers: figures.map((figure) => figure.value),
      figures,
      rows: quotes.flatMap(tableRows),
    };
  }
  return inputs;
}

/** How a variant of the inputs changes the number of the `order`-th input. */
type NumberChange = (value: number, order: number) => number;

/**
 * A number of the `order`-th input changed: scaled and moved by amounts that differ from input to
 * input, so ratios and differences between inputs (a percentage change) change too.
 */
const shifted: NumberChange = (value, order) => value * (1.5 + order / 2) + 7 + order;

/** Every number written in a text changed (`120,000 visits` → `180007 visits` for the first input). */
function changeText(text: string, order: number, change: NumberChange): string {
  return text.replace(/\d[\d,]*(?:\.\d+)?/g, (written) =>
    String(change(Number(written.replace(/,/g, '')), order)),
  );
}

/** One input with every number changed: in `numbers`, `figures`, `rows`, the quotes and the claim. */
function changedInput(input: ComputationInput, order: number, change: NumberChange): ComputationInput {
  const text = (written: string) => changeText(written, order, change);
  return {
    claim: text(input.claim),
    quotes: input.quotes.map(text),
    numbers: input.numbers.map((value) => change(value, order)),
    figures: input.figures.map((figure) => ({
      ...figure,
      text: text(figure.text),
      value: change(figure.value, order),
    })),
    rows: input.rows.map((cells) => cells.map(text)),
  };
}

function changedInputs(
  inputs: Readonly<Record<string, ComputationInput>>,
  change: NumberChange,
): Record<string, ComputationInput> {
  return Object.fromEntries(
    Object.entries(inputs).map(([id, input], order) => [id, changedInput(input, order, change)]),
  );
}

/**
 * The same inputs with every number changed, differently for each input: a program computed from
 * its inputs gives another output on them; one that returns the same output ignores its inputs (a
 * constant, or figures typed into it).
 */
export function shiftedInputs(
  inputs: Readonly<Record<string, ComputationInput>>,
): Record<string, ComputationInput> {
  return changedInputs(inputs, shifted);
}

/**
 * The same inputs with every number multiplied by `factor`: a percentage change or a ratio of them
 * is the same, a difference, sum, average or conversion `factor` times as large.
 */
export function scaledInputs(
  inputs: Readonly<Record<string, ComputationInput>>,
  factor: number,
): Record<string, ComputationInput> {
  return changedInputs(inputs, (value) => value * factor);
}

/**
 * The inputs of two findings with their contents swapped (F1 holds F2's, F2 holds F1's): a change
 * from the first to the second turns into one from the second to the first. Undefined unless there
 * are exactly two.
 */
export function swappedInputs(
  inputs: Readonly<Record<string, ComputationInput>>,
): Record<string, ComputationInput> | undefined {
  const entries = Object.entries(inputs);
  const [first, second] = entries;
  if (entries.length !== 2 || !first || !second) return undefined;
  return { [first[0]]: second[1], [second[0]]: first[1] };
}

/**
 * The inputs of two findings with the change from the first to the second doubled: each number of
 * the second moved twice as far from the first's number in the same place (120,000 → 150,000
 * becomes 120,000 → 180,000), where it is written too. A percentage change or a difference of them
 * is twice as large. Undefined unless there are exactly two, with as many numbers each.
 */
export function stretchedInputs(
  inputs: Readonly<Record<string, ComputationInput>>,
): Record<string, ComputationInput> | undefined {
  const entries = Object.entries(inputs);
  const [first, second] = entries;
  if (entries.length !== 2 || !first || !second) return undefined;
  const [before, after] = [first[1].numbers, second[1].numbers];
  if (before.length === 0 || before.length !== after.length) return undefined;
  const moved = new Map(after.map((value, index) => [value, 2 * value - (before[index] ?? value)]));
  // A number written twice with two places in the lists has no one place to move to: no stretch.
  if (moved.size !== after.length) return undefined;
  return {
    [first[0]]: first[1],
    [second[0]]: changedInput(second[1], 1, (value) => moved.get(value) ?? value),
  };
}
