import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader, type FakePage } from '../testing/fake-reader.js';
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

/** A docs site whose pages link one to the next: index → a → b → c → d. */
const CHAIN = ['index', 'a', 'b', 'c', 'd'];
const DOCS: Record<string, FakePage> = { ...PAGES };
CHAIN.forEach((name, index) => {
  const next = CHAIN[index + 1];
  DOCS[`https://docs.example/docs/${name}`] = {
    title: `Docs ${name}`,
    markdown: `The tower page ${name} is 330 metres tall.${next ? `\n\n[Next](https://docs.example/docs/${next})` : ''}`,
  };
});

/** Runs the fixture question with a planner playing `actions` then READY; records its prompts, reads and events. */
async function run(actions: unknown[]) {
  const plannerCalls: FakeLlmCall[] = [];
  const cooperative = cooperativeObject({
    action: (step) => actions[step] ?? { think: 'Done.', action: READY },
  });
  const llm = createFakeLlm({
    object: (call) => {
      if (call.schemaName === 'next_action') plannerCalls.push(call);
      return cooperative(call);
    },
    text: cooperativeText,
  });
  const search = createFakeSearch(RESULTS);
  const reader = createFakeReader(DOCS);
  const events: ResearchEvent[] = [];
  await research(
    { question: QUESTION, noDirectAnswer: true, breadth: 1 },
    { llm, searchProviders: [search], reader, onEvent: (event) => events.push(event) },
  );
  const observations = events.flatMap((event) => (event.type === 'observation' ? [event.text] : []));
  return { plannerCalls, search, reader, observations };
}

const deepRead = (extra: Record<string, unknown>) => ({
  think: 'Crawl.',
  action: { type: 'deep-read', url: 'https://docs.example/docs/index', pattern: '/docs/', ...extra },
});
const docs = (calls: readonly string[]) => calls.filter((url) => url.startsWith('https://docs.example/'));

describe('depth and limit the model asks for', () => {
  it('tells the planner the bounds of search and deep-read', async () => {
    const { plannerCalls } = await run([]);
    const system = plannerCalls[0]?.system ?? '';
    expect(system).toContain('up to depth 3 link levels and limit 30 pages (default 1 level, 8 pages)');
    expect(system).toContain('limit asks for up to 30 results a query (default 10)');
  });

  it('reads as deep as asked within the bound, and clips a deeper request with a note', async () => {
    const two = await run([deepRead({ depth: 2 })]);
    expect(docs(two.reader.calls)).toEqual(
      ['index', 'a', 'b'].map((name) => `https://docs.example/docs/${name}`),
    );
    const deep = await run([deepRead({ depth: 5 })]);
    expect(docs(deep.reader.calls)).toEqual(
      ['index', 'a', 'b', 'c'].map((name) => `https://docs.example/docs/${name}`),
    );
    expect(deep.observations).toContain(
      'Deep read of https://docs.example/docs/index clipped: asked for 5 link levels, clipped to 3 (at most 3).',
    );
    expect(deep.plannerCalls[1]?.prompt).toContain(
      'your last deep read was clipped: asked for 5 link levels',
    );
    // Without depth, one level, as before.
    const plain = await run([deepRead({})]);
    expect(docs(plain.reader.calls)).toHaveLength(2);
  });

  it('reads at most the pages asked, and clips a request past 30 with a note', async () => {
    const two = await run([deepRead({ depth: 3, limit: 2 })]);
    expect(docs(two.reader.calls)).toHaveLength(2);
    const many = await run([deepRead({ depth: 3, limit: 500 })]);
    expect(docs(many.reader.calls)).toHaveLength(4);
    expect(many.observations.join('\n')).toContain('asked for 500 pages, clipped to 30 (at most 30)');
  });

  it('asks the provider for the results a search asks for, clipped to 30 with a note', async () => {
    const few = await run([
      { think: 'Search.', action: { type: 'search', queries: ['eiffel height'], limit: 3 } },
    ]);
    expect(few.search.calls[0]).toMatchObject({ query: 'eiffel height', count: 3 });
    const many = await run([
      { think: 'Search.', action: { type: 'search', queries: ['eiffel height'], limit: 100 } },
    ]);
    expect(many.search.calls[0]).toMatchObject({ count: 30 });
    expect(many.observations.join('\n')).toContain(
      'asked for 100 results a query, clipped to 30 (at most 30)',
    );
    const plain = await run([{ think: 'Search.', action: { type: 'search', queries: ['eiffel height'] } }]);
    expect(plain.search.calls[0]).toMatchObject({ count: 10 });
  });
});
