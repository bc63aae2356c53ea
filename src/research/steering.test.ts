import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeLlm } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
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
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: QUESTION, noDirectAnswer: true, ...options },
    {
      llm,
      searchProviders: [search],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  return { result, events, llm, search };
}

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

  it('still ends a run that repeats the same no-op action three times in a row', async () => {
    const { result } = await run(() => NO_OP_REFLECTION);
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
    expect(lines[1]).toContain('Read 1 of 1 pages');
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
    const dated = createFakeSearch([
      { ...RESULTS[0], publishedAt: '2026-11-24' } as (typeof RESULTS)[number],
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
      { question: 'What happened at the Eiffel Tower this week?', noDirectAnswer: true },
      { llm, searchProviders: [dated], reader: createFakeReader(PAGES) },
    );
    expect(result.status).toBe('completed');
    expect(dated.calls[0]).toMatchObject({ query: 'eiffel tower news', timeRange: 'week' });
    // The candidates the planner chooses reads from carry their dates.
    expect(calls[1]?.prompt).toContain('https://example.com/eiffel | Eiffel Tower facts | 2026-11-24 |');
    // Per-query counts in the observation the planner sees.
    expect(calls[1]?.prompt).toContain('"eiffel tower news": 3 results, 3 new');
  });

  it('asks the providers for a day when the planner asks for the last hour, and refuses unknown ranges', async () => {
    const hour = await run(
      (step) =>
        step === 0
          ? { think: 'Now.', action: { type: 'search', queries: ['eiffel live'], timeRange: 'hour' } }
          : { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } },
      { maxSteps: 2 },
    );
    expect(hour.search.calls[0]).toMatchObject({ timeRange: 'day' });
    const bad = await run(
      () => ({ think: 'x', action: { type: 'search', queries: ['eiffel'], timeRange: 'fortnight' } }),
      { maxSteps: 3 },
    );
    expect(bad.search.calls).toHaveLength(0);
    expect(bad.result.status).not.toBe('completed');
  });
});
