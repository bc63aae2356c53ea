import { describe, expect, it } from 'vitest';
import { createFakeLlm } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { researchFixtures } from '../testing/fixture-run.js';
import {
  cooperativeObject,
  cooperativeText,
  HEIGHT_FINDING,
  HEIGHT_PLAN,
  PAGES,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';
import type { ResearchOptions } from './types.js';

const NO_OP_REFLECTION = {
  think: 'Check the plan.',
  action: { type: 'reflect', addSubQuestions: [], closeSubQuestions: [] },
};

async function run(
  actions: (step: number) => unknown,
  options: Partial<ResearchOptions> = {},
  search = createFakeSearch(RESULTS),
) {
  const llm = createFakeLlm({ object: cooperativeObject({ action: actions }), text: cooperativeText });
  return { ...(await researchFixtures(llm, options, search)), llm, search };
}

// These runs play the planner step by step: one sub-question at a time (`breadth: 1`); research
// in breadth is tested in breadth.test.ts.
describe('robust steering', () => {
  it('does not end a run for three no-op reflections separated by progress', async () => {
    const script = [
      NO_OP_REFLECTION,
      { think: 'Search.', action: { type: 'search', queries: ['eiffel tower height'] } },
      NO_OP_REFLECTION,
      { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } },
      NO_OP_REFLECTION,
      { think: 'Read more.', action: { type: 'read', urls: ['https://example.org/paris'] } },
      { think: 'Done.', action: READY },
    ];
    const { result } = await run((step) => script[Math.min(step, script.length - 1)]);
    expect(result.stopReason).toBe('evaluation_passed');
    expect(result.status).toBe('completed');
  });

  it('ends a run that repeats the same no-op action only when the default policy has nothing new either', async () => {
    // The policy searches the sub-questions itself and reads: the run answers.
    const researched = await run(() => NO_OP_REFLECTION);
    expect(researched.search.calls.length).toBeGreaterThan(0);
    expect(researched.result.stopReason).toBe('evaluation_passed');
    // A search that finds nothing leaves the policy nothing to read: the repeats end the run.
    const { result } = await run(() => NO_OP_REFLECTION, {}, createFakeSearch([]));
    expect(result.stopReason).toBe('repeated_action');
    expect(result.status).not.toBe('completed');
  });

  it('shows the planner a diary of its last steps: thought, action and observation', async () => {
    const script = [
      { think: 'Look for the height first.', action: { type: 'search', queries: ['eiffel tower height'] } },
      { think: 'The facts page has it.', action: { type: 'read', urls: ['https://example.com/eiffel'] } },
      { think: 'Done.', action: READY },
    ];
    const { llm } = await run((step) => script[Math.min(step, 2)]);
    const third = llm.calls.filter((call) => call.schemaName === 'next_action')[2];
    const diary = /<your-last-steps>\n([\s\S]*?)\n<\/your-last-steps>/.exec(third?.prompt ?? '')?.[1] ?? '';
    const lines = diary.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('thought "Look for the height first." → search');
    expect(lines[0]).toContain('eiffel tower height');
    expect(lines[0]).toMatch(/Searched 1 query \(1 ok\): 3 new URLs/);
    expect(lines[1]).toContain('→ read');
    expect(lines[1]).toContain('Read 1 of 1 page.');
  });

  it('counts one result, one new URL and one page in the singular', async () => {
    const script = [
      { think: 'Search.', action: { type: 'search', queries: ['eiffel tower height'] } },
      { think: 'Done.', action: READY },
    ];
    const { events } = await run(
      (step) => script[Math.min(step, 1)],
      {},
      createFakeSearch(RESULTS.slice(0, 1)),
    );
    const summaries = events.flatMap((event) =>
      event.type === 'tool-result' && event.tool === 'search' ? [event.summary] : [],
    );
    expect(summaries[0]).toBe('1 result, 1 new URL');
    const observations = events.flatMap((event) => (event.type === 'observation' ? [event.text] : []));
    expect(observations.join('\n')).toMatch(/Searched 1 query \(1 ok\): 1 new URL;/);
    expect(observations.join('\n')).toContain('"eiffel tower height": 1 result, 1 new');
  });

  it('makes a time-ranged search for a "this week" question, and shows candidates with dates', async () => {
    // A planner that follows the prompt: recency words in the question, and timeRange offered.
    const recencyPlanner = (step: number, prompt: { system: string; prompt: string }) => {
      if (step === 0) {
        const recent = /this week/i.test(prompt.prompt) && prompt.system.includes('timeRange');
        return {
          think: 'Recent news.',
          action: {
            type: 'search',
            queries: ['eiffel tower news'],
            ...(recent ? { timeRange: 'week' } : {}),
          },
        };
      }
      if (step === 1)
        return { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } };
      return { think: 'Done.', action: READY };
    };
    // Two days before the run's today (the real clock's): inside "this week" on whatever day the test
    // runs. A fixed date left the window a week after it was written, and the test failed from then on.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const dated = createFakeSearch([
      { ...RESULTS[0], publishedAt: twoDaysAgo } as (typeof RESULTS)[number],
      ...RESULTS.slice(1),
    ]);
    const calls: { system: string; prompt: string }[] = [];
    const llm = createFakeLlm({
      object: (call) => {
        if (call.schemaName === 'next_action') calls.push(call);
        return cooperativeObject({
          action: () => recencyPlanner(calls.length - 1, calls.at(-1) ?? { system: '', prompt: '' }),
        })(call);
      },
      text: cooperativeText,
    });
    const result = await research(
      { question: 'What happened at the Eiffel Tower this week?', noDirectAnswer: true, breadth: 1 },
      { llm, searchProviders: [dated], reader: createFakeReader(PAGES) },
    );
    expect(result.status).toBe('completed');
    expect(dated.calls[0]).toMatchObject({ query: 'eiffel tower news', timeRange: 'week' });
    // The candidates the planner chooses reads from carry their dates.
    expect(calls[1]?.prompt).toContain(`https://example.com/eiffel | Eiffel Tower facts | ${twoDaysAgo} |`);
    // Per-query counts in the observation the planner sees.
    expect(calls[1]?.prompt).toContain('"eiffel tower news": 3 results, 3 new');
  });

  it('asks the providers for the last hour when the planner does, and refuses unknown ranges', async () => {
    const hour = await run(
      (step) =>
        step === 0
          ? { think: 'Now.', action: { type: 'search', queries: ['eiffel live'], timeRange: 'hour' } }
          : { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } },
      { maxSteps: 2 },
    );
    expect(hour.search.calls[0]).toMatchObject({ timeRange: 'hour' });
    const bad = await run(
      () => ({ think: 'x', action: { type: 'search', queries: ['eiffel'], timeRange: 'fortnight' } }),
      { maxSteps: 3 },
    );
    // The invalid reply never reaches a provider; the default policy searches without a range instead.
    expect(bad.search.calls.map((call) => call.query)).not.toContain('eiffel');
    expect(bad.search.calls.every((call) => call.timeRange === undefined)).toBe(true);
  });

  it('refuses an accepted answer while a sub-question is uncovered, until it is declared unanswerable', async () => {
    const script = [
      { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } },
      { think: 'Ready.', action: READY },
      // A model that closes the gap by say-so is refused: no finding covers q2.
      {
        think: 'Close it.',
        action: { type: 'reflect', addSubQuestions: [], closeSubQuestions: [{ id: 'q2', note: 'done' }] },
      },
      {
        think: 'No page says it.',
        action: {
          type: 'reflect',
          addSubQuestions: [],
          closeSubQuestions: [{ id: 'q2', note: 'No source read gives the date.', unanswerable: true }],
        },
      },
      { think: 'Ready now.', action: READY },
    ];
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: (step) => script[Math.min(step, script.length - 1)],
        // Every finding answers q1 (the height); the model's checks pass everything.
        findings: () => ({ findings: [HEIGHT_FINDING] }),
      }),
      text: cooperativeText,
    });
    const { result, events } = await researchFixtures(llm);
    const evaluations = events.flatMap((event) => (event.type === 'evaluation' ? [event] : []));
    expect(evaluations[0]?.pass).toBe(false);
    const coverage = evaluations[0]?.checks.find((check) => check.type === 'coverage');
    expect(coverage).toMatchObject({ pass: false });
    expect(coverage?.reason).toContain('q2 "When was the tower completed?"');
    const refusedClose = llm.calls.filter((call) => call.schemaName === 'next_action')[3];
    expect(refusedClose?.prompt).toContain('q2 has no finding yet');
    expect(result.stopReason).toBe('evaluation_passed');
    expect(evaluations).toHaveLength(2);
    const plan = events.filter((event) => event.type === 'plan').at(-1);
    const q2 = plan?.type === 'plan' ? plan.subQuestions.find((item) => item.id === 'q2') : undefined;
    expect(q2?.note).toBe('cannot be answered from available sources: No source read gives the date.');
  });

  it('refuses an answer citing one host when findings came from several', async () => {
    const script = [
      {
        think: 'Read.',
        action: { type: 'read', urls: ['https://example.com/eiffel', 'https://example.org/paris'] },
      },
      { think: 'Ready.', action: READY },
    ];
    const llm = createFakeLlm({
      object: cooperativeObject({ plan: () => HEIGHT_PLAN, action: (step) => script[Math.min(step, 1)] }),
      // A writer that leans on one source whatever the findings.
      text: (call) => {
        const first = /\[(F\d+)\] ([^\n]*330 metres[^\n]*)/.exec(call.prompt);
        return first ? `${first[2]} [${first[1]}]` : cooperativeText(call);
      },
    });
    const { result, events } = await researchFixtures(llm, { maxSteps: 4 });
    const first = events.find((event) => event.type === 'evaluation');
    const coverage =
      first?.type === 'evaluation' ? first.checks.find((check) => check.type === 'coverage') : undefined;
    expect(coverage?.pass).toBe(false);
    expect(coverage?.reason).toContain('cites only example.com although findings come from 2 hosts');
    expect(result.stopReason).not.toBe('evaluation_passed');
  });

  it('critiques before writing: gaps get a few steps, then the writer runs without asking the planner', async () => {
    const script = [
      { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } },
      { think: 'Ready.', action: READY },
      { think: 'Fill the gap.', action: { type: 'read', urls: ['https://example.net/history'] } },
      { think: 'More.', action: { type: 'read', urls: ['https://example.org/paris'] } },
      // A planner that would keep reading forever: the gap steps end it.
      { think: 'Even more.', action: { type: 'search', queries: ['eiffel more'] } },
    ];
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: (step) => script[Math.min(step, script.length - 1)],
        critique: () => ({
          think: 'The date is thin.',
          gaps: ['When construction began'],
          weakClaims: ['The completion year'],
        }),
      }),
      text: cooperativeText,
    });
    const { result, events } = await researchFixtures(llm, { gapSteps: 2 });
    const names = llm.calls.map((call) => call.schemaName ?? call.kind);
    expect(names.filter((name) => name === 'critique')).toHaveLength(1);
    const critiqueAt = names.indexOf('critique');
    // Two gap-filling steps asked of the planner, then the writer, with no planner call between.
    const afterCritique = names.slice(critiqueAt + 1);
    expect(afterCritique.filter((name) => name === 'next_action').length).toBe(2);
    const planner = llm.calls.filter((call) => call.schemaName === 'next_action');
    // The gap is a new sub-question the next steps are told to cover; the weak claim, a note.
    expect(planner[2]?.prompt).toContain('cover q3 "When construction began"');
    expect(planner[2]?.prompt).toContain('lack evidence: The completion year');
    expect(
      events.some((event) => event.type === 'thought' && event.text.includes('gap-filling steps are used')),
    ).toBe(true);
    expect(result.stopReason).toBe('evaluation_passed');
  });

  it('runs no critique with --gap-steps 0, and a planner saying ready again goes to the writer', async () => {
    const none = await run(
      (step) =>
        step === 0
          ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
          : { think: 'Ready.', action: READY },
      { gapSteps: 0 },
    );
    expect(none.llm.calls.some((call) => call.schemaName === 'critique')).toBe(false);
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: (step) =>
          step === 0
            ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
            : { think: 'Ready.', action: READY },
        critique: () => ({ think: 'Gap.', gaps: ['Something else'], weakClaims: [] }),
      }),
      text: cooperativeText,
    });
    const { result, events } = await researchFixtures(llm);
    expect(llm.calls.filter((call) => call.schemaName === 'critique')).toHaveLength(1);
    // The writer runs right after the critique's step; the gap it left uncovered holds the answer back.
    expect(events.some((event) => event.type === 'answer-draft')).toBe(true);
    expect(result.stopReason).not.toBe('evaluation_passed');
    expect(result.answer).not.toBe('');
  });

  it('extends the step cap once by --extend-steps while sub-questions are open, and not without it', async () => {
    const urls = Object.keys(PAGES);
    const reader = (step: number) => ({
      think: 'Read.',
      action: { type: 'read', urls: [urls[step % urls.length]] },
    });
    const capped = await run(reader, { maxSteps: 2 });
    expect(capped.result).toMatchObject({ stopReason: 'max_steps', steps: 2 });
    const extended = await run(reader, { maxSteps: 2, extendSteps: 2 });
    expect(extended.result).toMatchObject({ stopReason: 'max_steps', steps: 4 });
    const planner = extended.llm.calls.filter((call) => call.schemaName === 'next_action');
    expect(planner[2]?.prompt).toContain('the step cap grew once by 2 steps to 4');
  });

  it('lets intents decide coverage: synthesis needs no reading, fact-check needs two hosts', async () => {
    const plan = {
      think: 'Height, checked; then a summary.',
      trivial: false,
      subQuestions: [
        { text: 'What is the height of the Eiffel Tower?', intent: 'fact-check' },
        { text: 'Summarise what is known', intent: 'synthesis' },
      ],
    };
    const script = [
      {
        think: 'Read.',
        action: { type: 'read', urls: ['https://example.com/eiffel', 'https://example.org/paris'] },
      },
      { think: 'Ready.', action: READY },
    ];
    // Every finding answers q1, but only the eiffel page's finding counts: q1 is confirmed on one host.
    const oneHost = (call: { prompt: string }) => {
      const eiffel = /<source url="https:\/\/example\.com\/eiffel" id="(\d+)"/.exec(call.prompt);
      const paris = /<source url="https:\/\/example\.org\/paris" id="(\d+)"/.exec(call.prompt);
      return {
        findings: [
          ...(eiffel ? [{ ...HEIGHT_FINDING, source: Number(eiffel[1]) }] : []),
          ...(paris
            ? [
                {
                  source: Number(paris[1]),
                  subQuestion: 'q2',
                  claim: 'Paris has many landmarks for visitors.',
                  quotes: ['Paris has many landmarks for visitors.'],
                },
              ]
            : []),
        ],
      };
    };
    const llm = createFakeLlm({
      object: cooperativeObject({
        plan: () => plan,
        action: (step) => script[Math.min(step, 1)],
        findings: oneHost,
      }),
      text: cooperativeText,
    });
    const { events } = await researchFixtures(llm, { maxSteps: 3 });
    const first = events.find((event) => event.type === 'evaluation');
    const coverage =
      first?.type === 'evaluation' ? first.checks.find((check) => check.type === 'coverage') : undefined;
    expect(coverage?.reason).toContain(
      'q1 "What is the height of the Eiffel Tower?" (a fact-check confirmed on one host only (example.com))',
    );
    expect(coverage?.reason).toContain('q2 "Summarise what is known" (it combines the other sub-questions');
    const planner = llm.calls.filter((call) => call.schemaName === 'next_action');
    expect(planner[1]?.prompt).toContain('- q2 (synthesis): 1 findings from 1 hosts — missing: it combines');
    expect(planner[0]?.system).toContain('fact-check needs the claim confirmed on two independent hosts');
  });

  it('nudges the planner once its reads cluster on one host while sub-questions stay uncovered', async () => {
    const oneHostPages = (url: string) => ({
      title: 'Page',
      text: `Page ${url.split('/').pop()} says the tower has a long history.`,
    });
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: (step) => ({
          think: 'Read.',
          action: { type: 'read', urls: [`https://pages.example/${step}`] },
        }),
        findings: () => ({ findings: [] }),
      }),
      text: cooperativeText,
    });
    await research(
      { question: QUESTION, noDirectAnswer: true, maxSteps: 4, breadth: 1 },
      { llm, searchProviders: [createFakeSearch(RESULTS)], reader: createFakeReader(oneHostPages) },
    );
    const planner = llm.calls.filter((call) => call.schemaName === 'next_action');
    expect(planner[2]?.prompt).not.toContain('Every page read so far');
    expect(planner[3]?.prompt).toContain(
      'Every page read so far is on pages.example: search other sources for q1, q2.',
    );
  });
});
