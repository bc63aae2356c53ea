import type { ComputationInput } from './computation-inputs.js';
import { OPERATION_FORMULAS, type OperationKind } from './computation-operations.js';
import {
  inputNumbers,
  matchesOperation,
  purposeOperations,
  recomputed,
  resultNumbers,
  statesFall,
  type WrittenNumber,
  writtenNumbers,
} from './recompute.js';

type Inputs = Readonly<Record<string, ComputationInput>>;

/** One run of a program: the inputs it was given and what it returned (undefined when it failed). */
export interface ProgramRun {
  inputs: Inputs;
  output: string | undefined;
}

/** Common factor of the scaled run: every number of the inputs times this. */
export const SCALE_FACTOR = 3;

/**
 * A program's runs: on its real inputs, on inputs shifted differently for each finding, on every
 * number times `SCALE_FACTOR`, and (with two inputs) on the two swapped and on the change from the
 * first to the second doubled.
 */
export interface ProgramRuns {
  purpose: string;
  real: ProgramRun & { output: string };
  shifted?: ProgramRun;
  scaled?: ProgramRun;
  swapped?: ProgramRun;
  stretched?: ProgramRun;
  /**
   * Numbers an output writes that are labels, not results (`"2022 to 2023: 25.0%"` written into the
   * program); by default those every run's output writes alike, when it ran more than once.
   */
  labels?: readonly number[];
}

/** Why a program's output does not count, as the compute step's error code and the note for the planner. */
export interface ProgramProblem {
  code: 'compute_ignores_inputs' | 'compute_wrong_output' | 'compute_breaks_relation';
  message: string;
}

/** A check of a program's runs: a problem, or undefined when it holds (or does not apply). */
export type ProgramCheck = (runs: ProgramRuns) => ProgramProblem | undefined;

const label = (kind: OperationKind) => kind.replace('_', ' ');
const show = (output: string) => output.slice(0, 60);

/** The output changes when the inputs' numbers do: the same output means figures nobody found. */
export const dependsOnInputs: ProgramCheck = ({ real, shifted }) => {
  if (shifted?.output !== real.output) return undefined;
  return {
    code: 'compute_ignores_inputs',
    message: `the output ${show(real.output)} stays the same when the inputs' numbers change: the program does not compute from its inputs; read the figures from inputs (e.g. inputs.F1.numbers[0]), never type them`,
  };
};

const allRuns = (runs: ProgramRuns): ProgramRun[] =>
  [runs.real, runs.shifted, runs.scaled, runs.swapped, runs.stretched].filter(
    (run): run is ProgramRun => run?.output !== undefined,
  );

/** The labels of `runs`: as given, else the numbers every output writes alike (none after one run). */
function labelsOf(runs: ProgramRuns): readonly number[] {
  if (runs.labels) return runs.labels;
  const outputs = allRuns(runs).map((run) => writtenNumbers(run.output ?? ''));
  if (outputs.length < 2) return [];
  const [first = [], ...others] = outputs;
  return first
    .filter((number) => others.every((written) => written.some((other) => other.value === number.value)))
    .map((number) => number.value);
}

/** The results a run's output writes: numbers that are neither input figures nor labels. */
function results(run: ProgramRun & { output: string }, labels: readonly number[]): WrittenNumber[] {
  return resultNumbers(run.output, run.inputs).filter((number) => !labels.includes(number.value));
}

/** The first result of `run` that none of the purpose's operations gives on its inputs. */
function unexplained(
  runs: ProgramRuns,
  run: ProgramRun | undefined,
  kinds: readonly OperationKind[],
): WrittenNumber | undefined {
  if (run?.output === undefined) return undefined;
  const candidates = kinds.map((kind) => ({ kind, values: recomputed(kind, run.inputs) }));
  const purpose = runs.purpose;
  return results({ ...run, output: run.output }, labelsOf(runs)).find(
    (result) =>
      !candidates.some(({ kind, values }) => matchesOperation(result, { kind, candidates: values, purpose })),
  );
}

/**
 * The output is what the operation its purpose names gives on its inputs' figures, recomputed by
 * the engine on its own (percentage change, growth rate, ratio, difference, sum, average, unit
 * conversion): on the
 * real inputs and on every changed set, so a program that special-cases its real input or uses
 * another formula (a change divided by the new value) does not count. A purpose naming no such
 * operation is not recomputed.
 */
export const recomputesAsStated: ProgramCheck = (runs) => {
  const kinds = purposeOperations(runs.purpose);
  if (kinds.length === 0) return undefined;
  // On changed inputs the years a growth rate spans change too: its periods are read on the real ones.
  const spanFree = kinds.filter((kind) => kind !== 'growth_rate');
  for (const [name, run] of [
    ['its inputs', runs.real],
    ['inputs with other numbers', runs.shifted],
    ['inputs scaled by a common factor', runs.scaled],
    ['its two inputs swapped', runs.swapped],
    ['the change between its inputs doubled', runs.stretched],
  ] as const) {
    const checked = run === runs.real ? kinds : spanFree;
    if (!run || checked.length === 0) continue;
    const result = unexplained(runs, run, checked);
    if (result === undefined) continue;
    const figures = inputNumbers(run.inputs).slice(0, 8).join(', ');
    return {
      code: 'compute_wrong_output',
      message: `on ${name} the program gives ${show(run.output ?? '')}, and ${result.value} is no ${checked.map(label).join(' or ')} of the figures ${figures}; compute ${checked.map((kind) => OPERATION_FORMULAS[kind]).join(' or ')} from inputs, for every input the same way`,
    };
  }
  return undefined;
};

/** Whether two runs' results relate as `relate` says, result by result (undefined when they cannot be paired). */
function related(
  first: readonly WrittenNumber[],
  second: readonly WrittenNumber[],
  relate: (before: WrittenNumber, after: WrittenNumber) => boolean,
): boolean | undefined {
  if (first.length === 0 || first.length !== second.length) return undefined;
  return first.every((before, index) => relate(before, second[index] as WrittenNumber));
}

/** Whether `after` is `before` times `factor`, up to the rounding of both as written. */
function timesAsMuch(before: WrittenNumber, after: WrittenNumber, factor: number): boolean {
  const slack = after.halfUnit + Math.abs(factor) * before.halfUnit;
  return Math.abs(after.value - before.value * factor) <= slack * (1 + 1e-9) + 1e-9 * Math.abs(after.value);
}

/** Operations whose value stays when every input is multiplied by one factor, and those that scale with it. */
const UNCHANGED_BY_SCALE: readonly OperationKind[] = ['percentage_change', 'ratio'];
const SCALED_WITH_INPUTS: readonly OperationKind[] = ['difference', 'sum', 'average', 'unit_conversion'];
/** Units whose conversion adds an offset: it does not scale with the value. */
const OFFSET_UNITS = ['celsius', 'fahrenheit'];

/**
 * A percentage change or a ratio ignores a factor common to every input; a difference, sum,
 * average or unit conversion scales with it. Applied when every operation the purpose names is of
 * one kind (a growth rate over years does not scale: the years would too).
 */
export const respectsCommonFactor: ProgramCheck = (runs) => {
  const { purpose, real, scaled } = runs;
  const kinds = purposeOperations(purpose);
  if (!scaled?.output || kinds.length === 0) return undefined;
  const unchanged = kinds.every((kind) => UNCHANGED_BY_SCALE.includes(kind));
  const scales = kinds.every((kind) => SCALED_WITH_INPUTS.includes(kind));
  const offset = Object.values(real.inputs).some((input) =>
    input.figures.some((figure) => OFFSET_UNITS.includes(figure.unit ?? '')),
  );
  if (!(unchanged || (scales && !offset))) return undefined;
  const labels = labelsOf(runs);
  const before = results(real, labels);
  const after = results({ ...scaled, output: scaled.output }, labels);
  const holds = related(before, after, (first, written) =>
    timesAsMuch(first, written, unchanged ? 1 : SCALE_FACTOR),
  );
  if (holds !== false) return undefined;
  return {
    code: 'compute_breaks_relation',
    message: `with every input figure ${SCALE_FACTOR} times as large, the program gives ${show(scaled.output)} where a ${kinds.map(label).join(' or ')} would give ${unchanged ? 'the same' : `${SCALE_FACTOR} times`} ${show(real.output)}; compute from the inputs alone, with no case for particular values`,
  };
};

/**
 * A percentage change from one figure to another changes sign when the two are swapped (not one
 * stated as a fall, whose size may be written positive either way).
 */
export const flipsWhenSwapped: ProgramCheck = (runs) => {
  const { purpose, real, swapped } = runs;
  const kinds = purposeOperations(purpose);
  const single = kinds.length === 1 && kinds[0] === 'percentage_change';
  if (!swapped?.output || !single || statesFall(purpose)) return undefined;
  const labels = labelsOf(runs);
  const before = results(real, labels);
  const after = results({ ...swapped, output: swapped.output }, labels);
  const holds = related(
    before,
    after,
    (first, written) => first.value === 0 || Math.sign(written.value) === -Math.sign(first.value),
  );
  if (holds !== false) return undefined;
  return {
    code: 'compute_breaks_relation',
    message: `with its two inputs swapped, the program gives ${show(swapped.output)} where a percentage change would change the sign of ${show(real.output)}; compute (after - before) / before * 100 with the sign it has`,
  };
};

/**
 * A percentage change or a difference from one figure to another doubles when the change between
 * them does (the first kept, the second moved twice as far from it).
 */
export const scalesWithChange: ProgramCheck = (runs) => {
  const { purpose, real, stretched } = runs;
  const kinds = purposeOperations(purpose);
  const changes =
    kinds.length > 0 && kinds.every((kind) => kind === 'percentage_change' || kind === 'difference');
  if (!stretched?.output || !changes) return undefined;
  const labels = labelsOf(runs);
  const before = results(real, labels);
  const after = results({ ...stretched, output: stretched.output }, labels);
  const holds = related(before, after, (first, written) => timesAsMuch(first, written, 2));
  if (holds !== false) return undefined;
  return {
    code: 'compute_breaks_relation',
    message: `with the change between its inputs doubled, the program gives ${show(stretched.output)} where a ${kinds.map(label).join(' or ')} would give twice ${show(real.output)}; compute from the two inputs alone, as its purpose says`,
  };
};

/**
 * The checks a program's runs go through after it ran, in order; the first problem fails the
 * compute step. Adding a mechanism is adding an entry here (and its test).
 */
export const PROGRAM_CHECKS: readonly ProgramCheck[] = [
  dependsOnInputs,
  recomputesAsStated,
  respectsCommonFactor,
  flipsWhenSwapped,
  scalesWithChange,
];

/** The first problem of a program's runs, or undefined when every check holds. */
export function programProblem(runs: ProgramRuns): ProgramProblem | undefined {
  for (const check of PROGRAM_CHECKS) {
    const problem = check(runs);
    if (problem) return problem;
  }
  return undefined;
}
