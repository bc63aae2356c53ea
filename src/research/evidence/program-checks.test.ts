import { describe, expect, it } from 'vitest';
import type { ComputationInput } from './computation-inputs.js';
import { scaledInputs, shiftedInputs, stretchedInputs, swappedInputs } from './computation-inputs.js';
import {
  dependsOnInputs,
  flipsWhenSwapped,
  PROGRAM_CHECKS,
  type ProgramRuns,
  programProblem,
  recomputesAsStated,
  respectsCommonFactor,
  SCALE_FACTOR,
  scalesWithChange,
} from './program-checks.js';
import { purposeOperations } from './recompute.js';

/** An input finding holding these figures (the oracle: the test says what each figure is). */
const input = (numbers: number[], unit?: string): ComputationInput => ({
  claim: numbers.join(' and '),
  quotes: [numbers.join(' and ')],
  numbers,
  figures: numbers.map((value) => ({ text: String(value), value, ...(unit ? { unit } : {}) })),
  rows: [],
});

const VISITS = { F1: input([120_000, 2022]), F2: input([150_000, 2023]) };

/**
 * The runs of a program written as a JavaScript function of the inputs, on the inputs and on every
 * changed set the compute step makes: a stand-in for the sandbox, so each check is seen alone.
 */
function runsOf(
  purpose: string,
  inputs: Record<string, ComputationInput>,
  program: (inputs: Record<string, ComputationInput>) => string,
): ProgramRuns {
  const shifted = shiftedInputs(inputs);
  const scaled = scaledInputs(inputs, SCALE_FACTOR);
  const swapped = swappedInputs(inputs);
  const stretched = stretchedInputs(inputs);
  return {
    purpose,
    real: { inputs, output: program(inputs) },
    shifted: { inputs: shifted, output: program(shifted) },
    scaled: { inputs: scaled, output: program(scaled) },
    ...(swapped ? { swapped: { inputs: swapped, output: program(swapped) } } : {}),
    ...(stretched ? { stretched: { inputs: stretched, output: program(stretched) } } : {}),
  };
}

const first = (inputs: Record<string, ComputationInput>, id: string) => inputs[id]?.numbers[0] ?? Number.NaN;
const CHANGE = 'percentage change of visits from 2022 to 2023';
const percentChange = (inputs: Record<string, ComputationInput>) =>
  `${(((first(inputs, 'F2') - first(inputs, 'F1')) / first(inputs, 'F1')) * 100).toFixed(1)}%`;

describe('the operation a purpose names', () => {
  it.each([
    ['percentage change of visits from 2022 to 2023', 'percentage_change'],
    ['compound annual growth rate of revenue', 'growth_rate'],
    ['ratio of doctors to residents', 'ratio'],
    ['difference between the two heights', 'difference'],
    ['total of the three budgets', 'sum'],
    ['average of the monthly rainfall', 'average'],
    ['convert the height to feet', 'unit_conversion'],
  ])('recognises "%s" as %s', (purpose, kind) => {
    expect(purposeOperations(purpose)).toContain(kind);
  });

  it('recognises none in a purpose that names no common operation', () => {
    expect(purposeOperations('the date 90 days after the launch')).toEqual([]);
  });
});

describe('PROGRAM_CHECKS', () => {
  it('lists each mechanism once, in order', () => {
    expect(PROGRAM_CHECKS).toEqual([
      dependsOnInputs,
      recomputesAsStated,
      respectsCommonFactor,
      flipsWhenSwapped,
      scalesWithChange,
    ]);
  });

  it('passes a program that computes what its purpose says', () => {
    expect(programProblem(runsOf(CHANGE, VISITS, percentChange))).toBeUndefined();
  });

  it('takes numbers every run writes alike as labels, not results', () => {
    // "2022" and "2023" typed into the program's text: inputs on the real run, on no changed one.
    const labelled = (inputs: Record<string, ComputationInput>) => `2022 to 2023: ${percentChange(inputs)}`;
    expect(programProblem(runsOf(CHANGE, VISITS, labelled))?.message).toBeUndefined();
    const per = (inputs: Record<string, ComputationInput>) =>
      `${((first(inputs, 'F1') / first(inputs, 'F2')) * 1000).toFixed(0)} per 1000`;
    expect(programProblem(runsOf('ratio of visits per 1000', VISITS, per))?.message).toBeUndefined();
  });

  it('dependsOnInputs: refuses an output that stays when the inputs change', () => {
    expect(dependsOnInputs(runsOf(CHANGE, VISITS, () => '25.0%'))?.code).toBe('compute_ignores_inputs');
  });

  describe('recomputesAsStated', () => {
    it('refuses a program that special-cases its real input', () => {
      const special = (inputs: Record<string, ComputationInput>) =>
        first(inputs, 'F2') === 150_000 ? '42.0%' : percentChange(inputs);
      const problem = recomputesAsStated(runsOf(CHANGE, VISITS, special));
      expect(problem?.code).toBe('compute_wrong_output');
      expect(problem?.message).toContain('on its inputs the program gives 42.0%');
    });

    it('refuses one that gives the right figure for its real input and another formula elsewhere', () => {
      const special = (inputs: Record<string, ComputationInput>) =>
        first(inputs, 'F2') === 150_000
          ? '25.0%'
          : `${(((first(inputs, 'F2') - first(inputs, 'F1')) / first(inputs, 'F2')) * 100).toFixed(1)}%`;
      const problem = recomputesAsStated(runsOf(CHANGE, VISITS, special));
      expect(problem?.message).toContain('on inputs with other numbers');
    });

    it('refuses a percentage change divided by the new value', () => {
      const wrong = (inputs: Record<string, ComputationInput>) =>
        `${(((first(inputs, 'F2') - first(inputs, 'F1')) / first(inputs, 'F2')) * 100).toFixed(1)}%`;
      const problem = recomputesAsStated(runsOf(CHANGE, VISITS, wrong));
      expect(problem?.message).toMatch(/gives 20\.0%, and 20 is no percentage change/);
      expect(problem?.message).toContain('(after - before) / before * 100');
    });

    it('takes a fall written as its size when the purpose says it is a decrease', () => {
      const fall = { F1: input([150_000]), F2: input([120_000]) };
      const size = (inputs: Record<string, ComputationInput>) =>
        `${Math.abs(((first(inputs, 'F2') - first(inputs, 'F1')) / first(inputs, 'F1')) * 100).toFixed(1)}%`;
      expect(recomputesAsStated(runsOf('percentage decrease of visits', fall, size))).toBeUndefined();
      expect(recomputesAsStated(runsOf('percentage change of visits', fall, size))?.code).toBe(
        'compute_wrong_output',
      );
    });

    it.each([
      [
        'ratio of F1 to F2',
        (i: Record<string, ComputationInput>) => (first(i, 'F1') / first(i, 'F2')).toFixed(3),
        '0.800',
      ],
      [
        'difference of visits',
        (i: Record<string, ComputationInput>) => String(first(i, 'F2') - first(i, 'F1')),
        '30000',
      ],
      [
        'total visits',
        (i: Record<string, ComputationInput>) => String(first(i, 'F2') + first(i, 'F1')),
        '270000',
      ],
      [
        'average visits',
        (i: Record<string, ComputationInput>) => String((first(i, 'F2') + first(i, 'F1')) / 2),
        '135000',
      ],
    ])('recomputes the %s and refuses another figure', (purpose, program, expected) => {
      const runs = runsOf(purpose, VISITS, program);
      expect(runs.real.output).toBe(expected);
      expect(recomputesAsStated(runs)).toBeUndefined();
      const off = (i: Record<string, ComputationInput>) => String(Number(program(i)) * 1.1 + 1);
      expect(recomputesAsStated(runsOf(purpose, VISITS, off))?.code).toBe('compute_wrong_output');
    });

    it('recomputes a compound annual growth rate over the years its inputs span', () => {
      const revenue = { F1: input([100, 2019]), F2: input([146.41, 2023]) };
      const cagr = (i: Record<string, ComputationInput>) => {
        const [start = 0, from = 0] = i.F1?.numbers ?? [];
        const [end = 0, to = 0] = i.F2?.numbers ?? [];
        return `${(((end / start) ** (1 / (to - from)) - 1) * 100).toFixed(2)}%`;
      };
      const runs = runsOf('compound annual growth rate of revenue', revenue, cagr);
      expect(runs.real.output).toBe('10.00%');
      expect(recomputesAsStated(runs)).toBeUndefined();
      const overFive = (i: Record<string, ComputationInput>) => {
        const [start = 0] = i.F1?.numbers ?? [];
        const [end = 0] = i.F2?.numbers ?? [];
        return `${(((end / start) ** (1 / 5) - 1) * 100).toFixed(2)}%`;
      };
      expect(recomputesAsStated(runsOf('compound annual growth rate', revenue, overFive))?.code).toBe(
        'compute_wrong_output',
      );
    });

    it('recomputes a unit conversion from its input figure and unit', () => {
      const height = { F1: input([330], 'm') };
      const feet = (i: Record<string, ComputationInput>) => `${(first(i, 'F1') * 3.28084).toFixed(0)} ft`;
      expect(recomputesAsStated(runsOf('convert the height to feet', height, feet))).toBeUndefined();
      // Yards for feet: a factor, so it scales and flips like a conversion, and only the recomputation sees it.
      const yards = (i: Record<string, ComputationInput>) => `${(first(i, 'F1') * 1.2).toFixed(0)} ft`;
      const problem = recomputesAsStated(runsOf('convert the height to feet', height, yards));
      expect(problem?.code).toBe('compute_wrong_output');
      expect(problem?.message).toContain('396');
    });

    it('does not recompute a purpose it does not recognise', () => {
      expect(recomputesAsStated(runsOf('the launch day', VISITS, () => '7'))).toBeUndefined();
    });
  });

  describe('respectsCommonFactor', () => {
    const height = { F1: input([330], 'm') };
    it('refuses a unit conversion whose output does not scale with its input', () => {
      const capped = (i: Record<string, ComputationInput>) =>
        (Math.min(first(i, 'F1'), 400) * 3.28084).toFixed(0);
      const problem = respectsCommonFactor(runsOf('convert the height to feet', height, capped));
      expect(problem?.code).toBe('compute_breaks_relation');
      expect(problem?.message).toContain('3 times as large');
    });

    it('passes one that does, and leaves a temperature (an offset, not a factor) alone', () => {
      const feet = (i: Record<string, ComputationInput>) => (first(i, 'F1') * 3.28084).toFixed(0);
      expect(respectsCommonFactor(runsOf('convert the height to feet', height, feet))).toBeUndefined();
      const fahrenheit = (i: Record<string, ComputationInput>) => String((first(i, 'F1') * 9) / 5 + 32);
      const warm = { F1: input([20], 'celsius') };
      expect(respectsCommonFactor(runsOf('convert to fahrenheit', warm, fahrenheit))).toBeUndefined();
    });

    it('refuses a percentage change that moves when every figure is multiplied by one factor', () => {
      const offset = (i: Record<string, ComputationInput>) =>
        `${(((first(i, 'F2') - first(i, 'F1')) / (first(i, 'F1') - 100_000 * (first(i, 'F1') > 200_000 ? 1 : 0))) * 100).toFixed(1)}%`;
      expect(respectsCommonFactor(runsOf(CHANGE, VISITS, offset))?.code).toBe('compute_breaks_relation');
    });
  });

  describe('flipsWhenSwapped', () => {
    it('refuses a percentage change whose sign stays when its two inputs swap', () => {
      const runs: ProgramRuns = {
        purpose: CHANGE,
        real: { inputs: VISITS, output: '25.0%' },
        swapped: { inputs: { F1: VISITS.F2, F2: VISITS.F1 }, output: '20.0%' },
      };
      const problem = flipsWhenSwapped(runs);
      expect(problem?.code).toBe('compute_breaks_relation');
      expect(problem?.message).toContain('change the sign of 25.0%');
      expect(
        flipsWhenSwapped({ ...runs, swapped: { ...runs.swapped, inputs: VISITS, output: '-20.0%' } }),
      ).toBeUndefined();
    });
  });

  describe('scalesWithChange', () => {
    it('doubles the change between two inputs and expects a percentage change twice as large', () => {
      const runs = runsOf(CHANGE, VISITS, percentChange);
      expect(runs.stretched?.inputs.F2?.numbers).toEqual([180_000, 2024]);
      expect(runs.stretched?.output).toBe('50.0%');
      expect(scalesWithChange(runs)).toBeUndefined();
    });

    it('refuses a percentage change that does not grow with the change', () => {
      const runs: ProgramRuns = {
        purpose: CHANGE,
        real: { inputs: VISITS, output: '25.0%' },
        stretched: { inputs: VISITS, output: '33.3%' },
      };
      const problem = scalesWithChange(runs);
      expect(problem?.code).toBe('compute_breaks_relation');
      expect(problem?.message).toContain('would give twice 25.0%');
    });

    it('does not stretch inputs whose numbers cannot be paired place by place', () => {
      expect(stretchedInputs({ F1: input([1, 2]), F2: input([3]) })).toBeUndefined();
      expect(stretchedInputs({ F1: input([1]), F2: input([3]), F3: input([4]) })).toBeUndefined();
    });
  });
});
