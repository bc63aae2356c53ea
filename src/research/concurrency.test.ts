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

const FOUR_URLS = Object.keys(PAGES);

function durationsOf(events: ResearchEvent[], tool: string): number[] {
  return events.flatMap((event) =>
    event.type === 'tool-result' && event.tool === tool ? [event.durationMs] : [],
  );
}

/** Wall time between the first tool-call and the last tool-result of a tool. */
function spanOf(events: ResearchEvent[], tool: string): number {
  const calls = events.filter((event) => event.type === 'tool-call' && event.tool === tool);
  const results = events.filter((event) => event.type === 'tool-result' && event.tool === tool);
  const first = calls[0];
  const last = results.at(-1);
  if (!first || !last) throw new Error(`no ${tool} calls`);
  return Date.parse(last.at) - Date.parse(first.at);
}

// These runs play the planner step by step: one sub-question at a time (`breadth: 1`); research
// in breadth is tested in breadth.test.ts.
describe('concurrency', () => {
  it('reads the URLs of one step concurrently: 4 reads of 200 ms take < 600 ms', async () => {
    const events: ResearchEvent[] = [];
    const reader = createFakeReader(PAGES, { delayMs: 200 });
    const actions = (step: number) =>
      step === 0
        ? { think: 'Read all.', action: { type: 'read', urls: FOUR_URLS } }
        : { think: 'Done.', action: READY };
    await research(
      { question: QUESTION, breadth: 1 },
      {
        llm: createFakeLlm({ object: cooperativeObject({ action: actions }), text: cooperativeText }),
        searchProviders: [createFakeSearch(RESULTS)],
        reader,
        onEvent: (event) => events.push(event),
      },
    );
    expect(reader.calls).toHaveLength(4);
    expect(durationsOf(events, 'read')).toHaveLength(4);
    expect(spanOf(events, 'read')).toBeLessThan(600);
  });

  it('runs the queries of one step concurrently: 4 searches of 200 ms take < 600 ms', async () => {
    const events: ResearchEvent[] = [];
    const search = createFakeSearch(RESULTS, { delayMs: 200 });
    const actions = (step: number) =>
      step === 0
        ? { think: 'Search.', action: { type: 'search', queries: ['one', 'two', 'three', 'four'] } }
        : { think: 'Done.', action: READY };
    await research(
      { question: QUESTION, breadth: 1 },
      {
        llm: createFakeLlm({ object: cooperativeObject({ action: actions }), text: cooperativeText }),
        searchProviders: [search],
        reader: createFakeReader(PAGES),
        onEvent: (event) => events.push(event),
      },
    );
    // The planner's own step; a ready without findings then has the default policy search the plan.
    expect(search.calls.slice(0, 4).map((call) => call.query)).toEqual(['one', 'two', 'three', 'four']);
    expect(spanOf(events, 'search')).toBeLessThan(600);
  });

  it('skips queries searched before and runs at most four new ones per step', async () => {
    const search = createFakeSearch(RESULTS);
    const actions = (step: number) =>
      step === 0
        ? { think: 'Search.', action: { type: 'search', queries: ['alpha'] } }
        : step === 1
          ? { think: 'Search.', action: { type: 'search', queries: ['Alpha ', 'b', 'c', 'd', 'e', 'f'] } }
          : { think: 'Done.', action: READY };
    await research(
      { question: QUESTION, breadth: 1 },
      {
        llm: createFakeLlm({ object: cooperativeObject({ action: actions }), text: cooperativeText }),
        searchProviders: [search],
        reader: createFakeReader(PAGES),
      },
    );
    expect(search.calls.slice(0, 5).map((call) => call.query)).toEqual(['alpha', 'b', 'c', 'd', 'e']);
  });
});
