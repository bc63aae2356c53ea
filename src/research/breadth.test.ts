import { describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchResult } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader, type FakePage } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { researchFixtures } from '../testing/fixture-run.js';
import { honestVerdicts } from '../testing/honest-judge.js';
import {
  type CooperativeOverrides,
  cooperativeObject,
  cooperativeText,
  READY,
} from '../testing/research-fixtures.js';
import { research } from './index.js';
import type { ResearchOptions } from './types.js';

/** Replies of a cooperative model whose claim checks come from the honest judge, which can say no. */
function honestModel(overrides: CooperativeOverrides, options: { delayMs?: number } = {}) {
  return createFakeLlm({
    object: cooperativeObject({ verdicts: (call) => honestVerdicts(call.prompt), ...overrides }),
    text: cooperativeText,
    ...options,
  });
}

/** An answer with references, every one verified, and sentences the honest judge found supported. */
function expectVerifiedAnswer(result: ResearchResult): void {
  expect(result.answer).not.toBe('');
  expect(result.references.length).toBeGreaterThan(0);
  expect(result.references.every((reference) => reference.verified)).toBe(true);
  expect(result.claims.supported).toBeGreaterThan(0);
}

const findingsOf = (events: readonly ResearchEvent[]) =>
  events.flatMap((event) => (event.type === 'finding' ? [event.finding] : []));
const plannerCalls = (calls: readonly FakeLlmCall[]) =>
  calls.filter((call) => call.schemaName === 'next_action');

describe('the engine takes the next step itself', () => {
  it('researches and answers for a planner that only ever says ready', async () => {
    const llm = honestModel({ action: () => ({ think: 'Ready.', action: READY }) });
    const { result, events } = await researchFixtures(llm, { strategy: 'agent' });
    expect(findingsOf(events).length).toBeGreaterThan(0);
    expectVerifiedAnswer(result);
    expect(
      events.some(
        (event) =>
          event.type === 'thought' &&
          event.text.startsWith("The planner's reply was refused: ready without any finding"),
      ),
    ).toBe(true);
  });

  it('researches and answers for a planner that returns garbage', async () => {
    const llm = honestModel({ action: () => ({ garbage: '%%%', action: 42 }) });
    const { result, events } = await researchFixtures(llm, { strategy: 'agent' });
    expect(findingsOf(events).length).toBeGreaterThan(0);
    expectVerifiedAnswer(result);
    expect(events.some((event) => event.type === 'thought' && /reply was malformed/.test(event.text))).toBe(
      true,
    );
  });

  it('researches and answers for a planner that repeats the same search', async () => {
    const search = createFakeSearch((request) => (request.query === 'eiffel' ? [] : FIXTURE_RESULTS), {});
    const llm = honestModel({
      action: () => ({ think: 'Again.', action: { type: 'search', queries: ['eiffel'] } }),
    });
    const { result, events } = await researchFixtures(llm, { strategy: 'agent' }, search);
    expect(search.calls.filter((call) => call.query === 'eiffel')).toHaveLength(1);
    expect(findingsOf(events).length).toBeGreaterThan(0);
    expectVerifiedAnswer(result);
  });

  it('researches a critique gap the planner ignores, and answers', async () => {
    const llm = honestModel({
      action: (step) =>
        step === 0
          ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
          : { think: 'Ready.', action: READY },
      critique: (count) =>
        count === 0
          ? { think: 'A gap.', gaps: ['When did construction begin?'], weakClaims: [] }
          : { think: 'None.', gaps: [], weakClaims: [] },
    });
    const { result, events } = await researchFixtures(llm, { strategy: 'agent' });
    const gap = result.subQuestions?.find((item) => item.text === 'When did construction begin?');
    expect(gap).toMatchObject({ origin: 'critique', outcome: 'covered' });
    expect(
      events.some(
        (event) => event.type === 'thought' && /ignored the critique's open gap q3/.test(event.text),
      ),
    ).toBe(true);
    expectVerifiedAnswer(result);
  });

  it('switches auto to the pipeline after the planner failed twice, saying so', async () => {
    const llm = honestModel({ action: () => ({ think: 'Ready.', action: READY }) });
    const { result, events } = await researchFixtures(llm);
    const switched = events.filter((event) => event.type === 'warning' && event.code === 'strategy_switched');
    expect(switched).toHaveLength(1);
    // After the switch the planner is never asked for an action again.
    const switchedAt = switched[0]?.index ?? 0;
    const asked = events.filter(
      (event) => event.type === 'usage' && event.role === 'planner' && event.index > switchedAt,
    );
    expect(plannerCalls(llm.calls)).toHaveLength(2);
    expect(asked.length).toBeLessThanOrEqual(1);
    expectVerifiedAnswer(result);
  });

  it('makes no action-choice call in a pipeline run, and answers', async () => {
    const llm = honestModel({ action: () => new Error('the pipeline asked the planner for an action') });
    const { result, events } = await researchFixtures(llm, { strategy: 'pipeline', breadth: 2 });
    expect(plannerCalls(llm.calls)).toHaveLength(0);
    expect(findingsOf(events).length).toBeGreaterThan(0);
    expectVerifiedAnswer(result);
  });
});

const FIXTURE_RESULTS = [
  {
    title: 'Eiffel Tower facts',
    url: 'https://example.com/eiffel',
    snippet: 'The tower is 330 metres tall.',
  },
  { title: 'Paris landmarks', url: 'https://example.org/paris', snippet: 'Landmarks of Paris.' },
  { title: 'Tower history', url: 'https://example.net/history', snippet: 'Construction began in 1887.' },
];

/** Four sub-questions, each with pages of its own that keep the sub-researchers busy. */
const TOPICS = ['height', 'designer', 'construction', 'visitors'] as const;
const FOUR_PLAN = {
  think: 'Four angles.',
  trivial: false,
  subQuestions: TOPICS.map((topic) => ({ text: `What about the tower ${topic}?`, intent: 'related' })),
};
/** Search: five new pages per query, named after the query, so there is always more to read. */
const WIDE_SEARCH = (request: { query: string }) =>
  Array.from({ length: 5 }, (_, index) => {
    const slug = `${request.query.replace(/\W+/g, '-')}-${index}`;
    return { title: `Page ${slug}`, url: `https://wide.example/${slug}`, snippet: request.query };
  });
const WIDE_PAGES = (url: string): FakePage => {
  const slug = url.split('/').pop() ?? '';
  const topic = TOPICS.find((item) => slug.includes(item)) ?? 'tower';
  return {
    title: `Page ${slug}`,
    text: `The tower ${topic} record number ${slug.length} was written down in the archive of Paris.`,
  };
};

async function wideRun(
  llm: ReturnType<typeof createFakeLlm>,
  options: Partial<ResearchOptions>,
  runtime: { signal?: AbortSignal; delayMs?: number; onEvent?: (event: ResearchEvent) => void } = {},
) {
  const events: ResearchEvent[] = [];
  const search = createFakeSearch(WIDE_SEARCH, { delayMs: runtime.delayMs ?? 0 });
  const result = await research(
    { question: 'What is known about the Eiffel Tower?', noDirectAnswer: true, ...options },
    {
      llm,
      searchProviders: [search],
      reader: createFakeReader(WIDE_PAGES, { delayMs: runtime.delayMs ?? 0 }),
      onEvent: (event) => {
        events.push(event);
        runtime.onEvent?.(event);
      },
      ...(runtime.signal ? { signal: runtime.signal } : {}),
    },
  );
  return { result, events, search };
}

describe('sub-researchers (--breadth)', () => {
  it('works several sub-questions at once, every finding and step carrying its sub-researcher', async () => {
    const llm = honestModel({ plan: () => FOUR_PLAN, action: () => ({ think: 'Ready.', action: READY }) });
    const { result, events } = await wideRun(llm, { breadth: 3, strategy: 'pipeline' });
    const findings = findingsOf(events);
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) expect(finding.subResearcher).toMatch(/^q\d+$/);
    // Steps of different sub-researchers overlap: a round starts several before any ends.
    const starts = events.filter(
      (event) => event.type === 'step-start' && event.subResearcher?.startsWith('q'),
    );
    const ids = new Set(starts.map((event) => event.subResearcher));
    expect(ids.size).toBe(4);
    const firstRound = events.slice(
      0,
      events.findIndex((event) => event.type === 'tool-result'),
    );
    expect(firstRound.filter((event) => event.type === 'step-start').length).toBe(3);
    expectVerifiedAnswer(result);
  });

  it('never goes past the token, step or time cap at breadth 3, adversarial planners included', async () => {
    const planners: Record<string, (step: number) => unknown> = {
      garbage: () => ({ nonsense: true }),
      'same search': () => ({ think: 'x', action: { type: 'search', queries: ['tower'] } }),
      'ready only': () => ({ think: 'x', action: READY }),
      'every page': (step) => ({
        think: 'x',
        action: { type: 'read', urls: [`https://wide.example/planner-${step}`] },
      }),
    };
    for (const [name, action] of Object.entries(planners)) {
      for (const caps of [
        { tokenBudget: 3_000, maxSteps: 40, maxTimeSeconds: 60 },
        { tokenBudget: 200_000, maxSteps: 7, maxTimeSeconds: 60 },
        { tokenBudget: 200_000, maxSteps: 200, maxTimeSeconds: 1 },
      ]) {
        const llm = honestModel({ plan: () => FOUR_PLAN, action }, { delayMs: 5 });
        const { result, events } = await wideRun(llm, { breadth: 3, strategy: 'agent', ...caps });
        const label = `${name} ${JSON.stringify(caps)}`;
        expect(result.usage.totalTokens, label).toBeLessThanOrEqual(caps.tokenBudget);
        expect(result.steps, label).toBeLessThanOrEqual(caps.maxSteps);
        // Generous past the cap: a busy machine ends late; a run that ignored the cap would go on
        // for its 200 steps.
        expect(result.durationMs, label).toBeLessThanOrEqual(caps.maxTimeSeconds * 1000 + 10_000);
        const stepStarts = events.filter((event) => event.type === 'step-start');
        expect(stepStarts.length, label).toBeLessThanOrEqual(caps.maxSteps);
        for (const finding of findingsOf(events)) expect(finding.subResearcher, label).toBeDefined();
      }
    }
  });

  it('stops every sub-researcher at once when the run is cancelled', async () => {
    const controller = new AbortController();
    const llm = honestModel({ plan: () => FOUR_PLAN }, { delayMs: 30 });
    const working = new Set<string>();
    // Cancelled once a second sub-researcher has started a step: by order, however slow the machine.
    const { result, events } = await wideRun(
      llm,
      { breadth: 4, strategy: 'pipeline' },
      {
        signal: controller.signal,
        delayMs: 40,
        onEvent: (event) => {
          if (event.type !== 'step-start' || !event.subResearcher) return;
          working.add(event.subResearcher);
          if (working.size === 2) controller.abort();
        },
      },
    );
    expect(working.size).toBeGreaterThan(1);
    expect(result.stopReason).toBe('cancelled');
    // Every tool call any sub-researcher started has its result: none was left running.
    const calls = events.filter((event) => event.type === 'tool-call').map((event) => event.callId);
    const results = new Set(events.flatMap((event) => (event.type === 'tool-result' ? [event.callId] : [])));
    for (const callId of calls) expect(results.has(callId)).toBe(true);
    const callsAtEnd = llm.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(llm.calls.length).toBe(callsAtEnd);
  });
});
