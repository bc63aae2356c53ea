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

/**
 * Holds each call until `count` calls are in flight at once, so calls made together overlap
 * however slow the machine; calls made one after another never are, and each gives up after
 * `aloneMs`. `most` is the most calls seen in flight at once.
 */
function gathering(count: number, aloneMs = 5_000) {
  let inFlight = 0;
  let most = 0;
  let gather = () => {};
  const together = new Promise<void>((resolve) => {
    gather = resolve;
  });
  return {
    async arrive(): Promise<void> {
      inFlight += 1;
      most = Math.max(most, inFlight);
      if (inFlight >= count) gather();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([together, new Promise((resolve) => (timer = setTimeout(resolve, aloneMs)))]);
      clearTimeout(timer);
      inFlight -= 1;
    },
    most: () => most,
  };
}

// These runs play the planner step by step: one sub-question at a time (`breadth: 1`); research
// in breadth is tested in breadth.test.ts.
describe('concurrency', () => {
  it('reads the URLs of one step concurrently: all four are in flight at once', async () => {
    const events: ResearchEvent[] = [];
    const reads = gathering(4);
    const reader = createFakeReader(async (url) => {
      await reads.arrive();
      return PAGES[url];
    });
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
    expect(reads.most()).toBeGreaterThanOrEqual(4);
  });

  it('runs the queries of one step concurrently: all four are in flight at once', async () => {
    const searches = gathering(4);
    const search = createFakeSearch(async () => {
      await searches.arrive();
      return RESULTS;
    });
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
      },
    );
    // The planner's own step; a ready without findings then has the default policy search the plan.
    expect(search.calls.slice(0, 4).map((call) => call.query)).toEqual(['one', 'two', 'three', 'four']);
    expect(searches.most()).toBeGreaterThanOrEqual(4);
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
