import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader, type FakePage } from '../testing/fake-reader.js';
import { createFakeSearch, type FakeSearch, type FakeSearchResult } from '../testing/fake-search.js';
import {
  CHECKS,
  cooperativeObject,
  cooperativeText,
  FAIL,
  PAGES,
  PASS,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';

const NEWS_QUESTION = 'What is the latest news about the Eiffel Tower this week?';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const search = (queries: string[], extra: Record<string, unknown> = {}) => ({
  think: 'Search.',
  action: { type: 'search', queries, ...extra },
});
const read = (url: string) => ({ think: 'Read.', action: { type: 'read', urls: [url] } });

interface RunOptions {
  question: string;
  /** The planner's action at each of its steps (READY after the last). */
  actions: unknown[];
  search?: FakeSearch;
  pages?: Record<string, FakePage>;
  /** Whether the evaluator asks for the freshness check, and fails it on the first answer. */
  freshness?: boolean;
  /** The events of an interrupted run this one resumes. */
  resumeFrom?: ResearchEvent[];
}

/** Runs a question with a scripted planner; records the planner's prompts and every event. */
async function run(options: RunOptions) {
  const plannerCalls: FakeLlmCall[] = [];
  const cooperative = cooperativeObject({
    action: (step) => options.actions[step] ?? { think: 'Done.', action: READY },
    check: (check, attempt) => (options.freshness && check === 'freshness' && attempt === 0 ? FAIL : PASS),
  });
  const llm = createFakeLlm({
    object: (call) => {
      if (call.schemaName === 'next_action') plannerCalls.push(call);
      if (call.schemaName === 'evaluation_checks' && options.freshness) {
        cooperative(call);
        return { ...CHECKS, freshness: true };
      }
      return cooperative(call);
    },
    text: cooperativeText,
  });
  const searchProvider = options.search ?? createFakeSearch(RESULTS);
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: options.question, noDirectAnswer: true, breadth: 1 },
    {
      llm,
      searchProviders: [searchProvider],
      reader: createFakeReader(options.pages ?? PAGES),
      onEvent: (event) => events.push(event),
      ...(options.resumeFrom ? { resumeFrom: options.resumeFrom } : {}),
    },
  );
  const observations = events.flatMap((event) => (event.type === 'observation' ? [event.text] : []));
  return { result, events, observations, plannerCalls, search: searchProvider, llmCalls: llm.calls };
}

describe('recency the engine infers', () => {
  it('sends the window a "latest news … this week" question asks for to the provider when the planner sets none', async () => {
    const { search: provider, observations } = await run({
      question: NEWS_QUESTION,
      actions: [search(['eiffel tower news']), read('https://example.com/eiffel')],
    });
    expect(provider.calls[0]).toMatchObject({ query: 'eiffel tower news', timeRange: 'week' });
    expect(observations.join('\n')).toContain(
      'within the last week (inferred from "this week" in the question)',
    );
  });

  it('keeps a window the planner chose, and searches a timeless question over all dates', async () => {
    const ranged = await run({
      question: NEWS_QUESTION,
      actions: [search(['eiffel tower news'], { timeRange: 'day' }), read('https://example.com/eiffel')],
    });
    expect(ranged.search.calls[0]).toMatchObject({ timeRange: 'day' });
    const timeless = await run({
      question: 'How tall is the Eiffel Tower?',
      actions: [search(['eiffel tower height']), read('https://example.com/eiffel')],
    });
    expect(timeless.search.calls.length).toBeGreaterThan(0);
    for (const call of timeless.search.calls) expect(call.timeRange).toBeUndefined();
  });

  it('ranges the next search after a failed freshness check and ranks dated candidates within it first', async () => {
    const provider = createFakeSearch([
      RESULTS,
      [
        {
          title: 'Old tower news',
          url: 'https://example.info/old',
          snippet: 'Tower news.',
          publishedAt: '2001-05-04',
        },
        {
          title: 'Tower news',
          url: 'https://example.net/history',
          snippet: 'Tower news.',
          publishedAt: daysAgo(3),
        },
        { title: 'Extra', url: 'https://example.edu/extra', snippet: 'Tower news.' },
      ] as FakeSearchResult[],
    ]);
    const {
      search: calls,
      plannerCalls,
      observations,
      result,
      llmCalls,
    } = await run({
      question: 'Who runs the Eiffel Tower?',
      freshness: true,
      search: provider,
      actions: [
        search(['eiffel tower operator']),
        read('https://example.com/eiffel'),
        { think: 'Done.', action: READY },
        search(['eiffel tower operator news']),
        read('https://example.net/history'),
      ],
    });
    expect(calls.calls[0]?.timeRange).toBeUndefined();
    expect(calls.calls[1]).toMatchObject({ query: 'eiffel tower operator news', timeRange: 'year' });
    expect(observations.join('\n')).toContain('(after a failed freshness check)');
    expect(observations.join('\n')).toContain('1 older than the year dropped');
    // The planner's next list: the dated page within the window first, the old one gone.
    const candidates = plannerCalls[4]?.prompt ?? '';
    expect(candidates).not.toContain('https://example.info/old');
    const dated = candidates.indexOf('https://example.net/history');
    expect(dated).toBeGreaterThan(-1);
    expect(candidates.slice(dated).split('\n')[0]).toContain('within the last year');
    expect(dated).toBeLessThan(candidates.indexOf('https://example.edu/extra'));
    expect(result.answer).not.toBe('');
    // The second answer is judged for freshness against the window the failure called for.
    const judged = llmCalls.filter((call) => call.schemaName === 'evaluation').map((call) => call.prompt);
    expect(judged[0]).not.toContain('Sources should date from');
    expect(judged[1]).toContain('Sources should date from the last year (after a failed freshness check).');
  });

  it('still ranges its searches after a failed freshness check when the run resumes from its events', async () => {
    const first = await run({
      question: 'Who runs the Eiffel Tower?',
      freshness: true,
      actions: [search(['eiffel tower operator']), read('https://example.com/eiffel')],
    });
    // The process died just after the step whose answer the evaluator rejected as not fresh.
    const rejected = first.events.findIndex((event) => event.type === 'evaluation' && !event.pass);
    expect(rejected).toBeGreaterThan(-1);
    const step = first.events[rejected]?.step;
    const ended = first.events.findIndex(
      (event, index) => index > rejected && event.type === 'step-end' && event.step === step,
    );
    const resumed = await run({
      question: 'Who runs the Eiffel Tower?',
      resumeFrom: first.events.slice(0, ended + 1),
      actions: [search(['eiffel tower operator news']), read('https://example.net/history')],
    });
    expect(resumed.search.calls[0]).toMatchObject({ query: 'eiffel tower operator news', timeRange: 'year' });
  });

  it('names the sources older than the week a "this week" question asks about among the weaknesses', async () => {
    const pages = {
      ...PAGES,
      'https://example.com/eiffel': { ...PAGES['https://example.com/eiffel'], publishedAt: '2001-05-04' },
    };
    const { result, llmCalls } = await run({
      question: NEWS_QUESTION,
      pages,
      actions: [search(['eiffel tower news']), read('https://example.com/eiffel')],
    });
    expect(result.references.map((reference) => reference.url)).toContain('https://example.com/eiffel');
    expect(result.evaluation?.weaknesses).toContainEqual(
      expect.stringContaining(
        'Sources older than the last week the question asks about (inferred from "this week" in the question): https://example.com/eiffel (2001-05-04)',
      ),
    );
    // The evaluator grades against the same window.
    const grading = llmCalls.find((call) => call.schemaName === 'final_evaluation');
    expect(grading?.prompt).toContain(
      'Sources should date from the last week (inferred from "this week" in the question).',
    );
  });

  it('names no stale source for a timeless question', async () => {
    const pages = {
      ...PAGES,
      'https://example.com/eiffel': { ...PAGES['https://example.com/eiffel'], publishedAt: '2001-05-04' },
    };
    const { result } = await run({
      question: 'How tall is the Eiffel Tower?',
      pages,
      actions: [search(['eiffel tower height']), read('https://example.com/eiffel')],
    });
    expect(result.references.length).toBeGreaterThan(0);
    expect(result.evaluation?.weaknesses.join('\n')).not.toContain('Sources older than');
  });
});
