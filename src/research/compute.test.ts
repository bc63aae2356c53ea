import { describe, expect, it } from 'vitest';
import { type ComputeSandbox, createComputeSandbox } from '../compute/index.js';
import type { ResearchEvent } from '../contract/index.js';
import {
  COMPUTE_PAGES,
  COMPUTE_QUESTION,
  COMPUTE_RESULTS,
  type ComputeResearcherOptions,
  computeResearcher,
  MISSTATED_ANSWER,
  PERCENT_CHANGE_PROGRAM,
  recordingSandbox,
} from '../testing/compute-world.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { research } from './index.js';
import type { ResearchOptions } from './types.js';

const sandbox = createComputeSandbox();

async function computeRun(
  script: ComputeResearcherOptions,
  options: {
    compute?: ComputeSandbox;
    research?: Partial<ResearchOptions>;
    resumeFrom?: ResearchEvent[];
  } = {},
) {
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: COMPUTE_QUESTION, maxSteps: 6, ...options.research },
    {
      llm: computeResearcher(script),
      searchProviders: [createFakeSearch(COMPUTE_RESULTS)],
      reader: createFakeReader(COMPUTE_PAGES),
      compute: options.compute ?? sandbox,
      onEvent: (event) => events.push(event),
      resumeFrom: options.resumeFrom,
    },
  );
  return { result, events };
}

/** The answer without the list of sentences left out. */
const body = (answer: string) => answer.split('## Could not be verified')[0] ?? '';

const ofType = <T extends ResearchEvent['type']>(events: ResearchEvent[], type: T) =>
  events.filter((event): event is Extract<ResearchEvent, { type: T }> => event.type === type);

describe('the compute action', () => {
  it('computes a percentage change from two findings, cites it, and re-runs it to verify the sentence', async () => {
    const recording = recordingSandbox(sandbox);
    const { result, events } = await computeRun(
      { programs: [PERCENT_CHANGE_PROGRAM] },
      { compute: recording },
    );
    const computed = ofType(events, 'finding').find((event) => event.finding.computation)?.finding;
    expect(computed?.computation).toMatchObject({
      inputs: ['F1', 'F2'],
      output: '25.0%',
      program: PERCENT_CHANGE_PROGRAM,
    });
    expect(computed?.quotes[0]?.text).toContain('⇒ 25.0%');
    expect(result.answer).toMatch(/rose by 25\.0% \[\d\]/);
    const reference = result.references.find((item) => item.computation);
    expect(reference).toMatchObject({
      verified: true,
      computation: { output: '25.0%', inputs: ['F1', 'F2'] },
    });
    expect(result.claims.unsupported).toEqual([]);
    // To compute (and, in the same worker, on inputs with other numbers: it must read them; every
    // number times 3; the two swapped; the change doubled), then to check the sentence citing it.
    expect(recording.programs).toEqual([PERCENT_CHANGE_PROGRAM, PERCENT_CHANGE_PROGRAM]);
    const [computing] = recording.requests;
    expect(computing?.alsoOn).toMatchObject([
      { F1: { numbers: [180_007, 3040] } },
      { F1: { numbers: [360_000, 6066] } },
      { F1: { numbers: [150_000, 2023] }, F2: { numbers: [120_000, 2022] } },
      { F1: { numbers: [120_000, 2022] }, F2: { numbers: [180_000, 2024] } },
    ]);
    expect(computing?.inputs).toMatchObject({ F1: { numbers: [120_000, 2022] } });
    // The trace shows the code, its inputs and its output.
    const call = ofType(events, 'tool-call').find((event) => event.tool === 'compute');
    expect(call?.input).toMatchObject({ program: PERCENT_CHANGE_PROGRAM, inputs: ['F1', 'F2'] });
    const answered = ofType(events, 'tool-result').find((event) => event.tool === 'compute');
    expect(answered).toMatchObject({ ok: true, output: { output: '25.0%' } });
  });

  it("names a computation in a report's own reference list as every export does, not as a link", async () => {
    const { result } = await computeRun(
      { programs: [PERCENT_CHANGE_PROGRAM] },
      { research: { report: true } },
    );
    const number = result.references.findIndex((item) => item.computation) + 1;
    expect(number).toBeGreaterThan(0);
    const list = result.answer.slice(result.answer.indexOf('## References'));
    const line = list.split('\n').find((item) => item.startsWith(`${number}. `));
    expect(line).toMatch(/ \(computed from F1, F2\)$/);
    expect(line).not.toContain('](');
  });

  it('removes a sentence that misstates the computed value', async () => {
    const { result } = await computeRun({ programs: [PERCENT_CHANGE_PROGRAM], answer: MISSTATED_ANSWER });
    expect(body(result.answer)).not.toContain('27.5%');
    expect(result.claims.unsupported.map((claim) => claim.text).join('\n')).toContain('27.5%');
    expect(result.answer).toContain('120,000');
  });

  it('does not verify a computed value that the program does not give again', async () => {
    let runs = 0;
    const drifting: ComputeSandbox = {
      ...sandbox,
      run: async (request) => {
        runs += 1;
        const output = await sandbox.run(request);
        return runs === 1 ? output : { ...output, output: '26.0%' };
      },
    };
    const { result } = await computeRun({ programs: [PERCENT_CHANGE_PROGRAM] }, { compute: drifting });
    expect(body(result.answer)).not.toContain('25.0%');
    const reason = result.claims.unsupported.find((claim) => claim.text.includes('25.0%'))?.reason;
    expect(reason).toMatch(/run again, its program gave 26\.0%, not 25\.0%/);
  });

  it('ends each bad program as a failed step with a clear observation, and the run goes on to compute', async () => {
    const bad = [
      'while (true) {}',
      'function deeper(n) { return deeper(n + 1) + 1; }\nreturn deeper(0);',
      'return process.env.OPENAI_API_KEY;',
      'return (1 + ;',
    ];
    const { result, events } = await computeRun(
      { programs: [...bad, PERCENT_CHANGE_PROGRAM] },
      {
        compute: createComputeSandbox({ limits: { timeMs: 1_000 } }),
        research: { maxSteps: 8, maxConsecutiveFailures: 6 },
      },
    );
    const failures = ofType(events, 'tool-result').filter((event) => event.tool === 'compute' && !event.ok);
    expect(failures.map((event) => event.error?.code)).toEqual([
      'compute_timeout',
      'compute_stack',
      'compute_program_error',
      'compute_syntax',
    ]);
    const observations = ofType(events, 'observation').map((event) => event.text);
    expect(
      observations.some((text) =>
        /compute failed \(compute_timeout\): the program ran past its 1000 ms limit/.test(text),
      ),
    ).toBe(true);
    expect(observations.some((text) => /'process' is not defined/.test(text))).toBe(true);
    expect(result.stopReason, JSON.stringify(result.claims)).toBe('evaluation_passed');
    expect(result.answer).toMatch(/25\.0%/);
  });

  it('refuses a program that does not compute from its inputs: a constant, or figures typed into it', async () => {
    const typed = 'return ((150000 - 120000) / 120000 * 100).toFixed(1) + "%";';
    const { result, events } = await computeRun(
      { programs: ['return "99%";', typed] },
      { research: { maxSteps: 5 } },
    );
    const failures = ofType(events, 'tool-result').filter((event) => event.tool === 'compute');
    expect(failures.map((event) => event.error?.code)).toEqual([
      'compute_ignores_inputs',
      'compute_ignores_inputs',
    ]);
    expect(failures[1]?.error?.message).toMatch(/read the figures from inputs/);
    expect(ofType(events, 'finding').some((event) => event.finding.computation)).toBe(false);
    expect(body(result.answer)).not.toContain('25.0%');
  });

  it('does not verify a program that computes another thing than its purpose says, however it reproduces', async () => {
    // The oracle: the fixture's pages say 120,000 visits in 2022 and 150,000 in 2023, a change of
    // +25.0%. The planner's programs misbehave; each gives the same output again on the same inputs
    // and another on other inputs, which is all the engine checked before.
    const start = 'const a = inputs.F1.numbers[0];\nconst b = inputs.F2.numbers[0];\n';
    const misbehaving = [
      // Special-cases its real input.
      `${start}return (b === 150000 ? 42 : (b - a) / a * 100).toFixed(1) + "%";`,
      // Right on its real input only, another formula on any other.
      `${start}return b === 150000 ? "25.0%" : ((b - a) / b * 100).toFixed(1) + "%";`,
      // A percentage change divided by the new value.
      `${start}return ((b - a) / b * 100).toFixed(1) + "%";`,
      // A ratio for a change.
      `${start}return (b / a * 100).toFixed(1) + "%";`,
      // The size of the change whatever its direction.
      `${start}return Math.abs((a - b) / a * 100).toFixed(1) + "%";`,
    ];
    const { result, events } = await computeRun(
      { programs: misbehaving },
      { research: { maxSteps: 8, maxConsecutiveFailures: 6 } },
    );
    const failures = ofType(events, 'tool-result').filter((event) => event.tool === 'compute');
    expect(failures.map((event) => event.error?.code)).toEqual(Array(5).fill('compute_wrong_output'));
    expect(failures[2]?.error?.message).toMatch(/gives 20\.0%, and 20 is no percentage change/);
    expect(failures[4]?.error?.message).toContain('on its two inputs swapped');
    expect(ofType(events, 'finding').some((event) => event.finding.computation)).toBe(false);
    expect(body(result.answer)).not.toContain('25.0%');
  });

  it('does not verify a sentence citing a stored computation its purpose does not recompute to', async () => {
    // A run's events say F3 is a percentage change of 20.0%, computed by dividing by the new value
    // (events can come from a store or an older engine); the program reproduces, the figure is wrong.
    const first = await computeRun({ programs: [PERCENT_CHANGE_PROGRAM] });
    const wrong = PERCENT_CHANGE_PROGRAM.replace('/ before * 100', '/ after * 100');
    const found = first.events.findIndex((event) => event.type === 'finding' && event.finding.computation);
    // Up to the end of the step that computed it: a step cut off before its end runs again whole.
    const index = first.events.findIndex((event, at) => at > found && event.type === 'step-end');
    expect(index).toBeGreaterThan(found);
    const stored = first.events.slice(0, index + 1).map((event) =>
      event.type === 'finding' && event.finding.computation
        ? {
            ...event,
            finding: {
              ...event.finding,
              claim: 'percentage change of visits from 2022 to 2023: 20.0%',
              computation: { ...event.finding.computation, program: wrong, output: '20.0%' },
            },
          }
        : event,
    );
    const { result } = await computeRun(
      { programs: [], answer: 'Visits to the city museum rose by 20.0% [F3].' },
      { resumeFrom: stored, research: { maxSteps: 4 } },
    );
    expect(body(result.answer)).not.toContain('20.0%');
    const reason = result.claims.unsupported.find((claim) => claim.text.includes('20.0%'))?.reason;
    expect(reason).toMatch(/20 is no percentage change/);
  });

  it('refuses inputs that are not findings, naming those that are, without running anything', async () => {
    const recording = recordingSandbox(sandbox);
    const { events } = await computeRun(
      { programs: [PERCENT_CHANGE_PROGRAM], inputs: ['F1', 'F9'] },
      { compute: recording, research: { maxSteps: 4 } },
    );
    const observations = ofType(events, 'observation').map((event) => event.text);
    expect(observations).toContain('compute: F9 is not a finding; name findings by id (F1, F2).');
    expect(recording.programs).toEqual([]);
  });

  it('is not offered with compute: false: no program runs and no reference is computed', async () => {
    const { events, result } = await computeRun(
      { programs: [PERCENT_CHANGE_PROGRAM] },
      { research: { compute: false } },
    );
    expect(ofType(events, 'tool-call').some((event) => event.tool === 'compute')).toBe(false);
    expect(result.references.some((reference) => reference.computation)).toBe(false);
  });
});
