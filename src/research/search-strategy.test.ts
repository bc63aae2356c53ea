import { describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeSearch, type FakeSearchResult } from '../testing/fake-search.js';
import { researchFixtures } from '../testing/fixture-run.js';
import { cooperativeObject, cooperativeText, READY, RESULTS } from '../testing/research-fixtures.js';
import type { ResearchOptions } from './types.js';

const READ = { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } };

/** Runs the question with a planner that may look at its prompts; records events and planner calls. */
async function run(
  planner: (step: number, call: FakeLlmCall) => unknown,
  options: Partial<ResearchOptions> & { question?: string } = {},
  search = createFakeSearch(RESULTS),
  plan?: () => unknown,
) {
  const plannerCalls: FakeLlmCall[] = [];
  const llm = createFakeLlm({
    object: (call) => {
      if (call.schemaName === 'next_action') plannerCalls.push(call);
      const step = plannerCalls.length - 1;
      return cooperativeObject({
        action: () => planner(step, call),
        ...(plan ? { plan } : {}),
      })(call);
    },
    text: cooperativeText,
  });
  const { result, events } = await researchFixtures(llm, options, search);
  const observations = events.flatMap((event) => (event.type === 'observation' ? [event.text] : []));
  return { result, events, observations, plannerCalls, search, llm };
}

describe('search strategy', () => {
  it('asks the provider for the latest hour and drops results dated before it', async () => {
    const now = Date.now();
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    const search = createFakeSearch([
      { ...RESULTS[0], publishedAt: hoursAgo(0.5) } as FakeSearchResult,
      { ...RESULTS[1], publishedAt: hoursAgo(5) } as FakeSearchResult,
      RESULTS[2] as FakeSearchResult,
    ]);
    const { result, observations, plannerCalls } = await run(
      (step, call) => {
        if (step === 0) {
          const recent = /latest hour/i.test(call.prompt) && call.system.includes('timeRange');
          return {
            think: 'Breaking news.',
            action: {
              type: 'search',
              queries: ['eiffel tower live'],
              ...(recent ? { timeRange: 'hour' } : {}),
            },
          };
        }
        return step === 1 ? READ : { think: 'Done.', action: READY };
      },
      { question: 'What happened at the Eiffel Tower in the latest hour?' },
      search,
    );
    expect(search.calls[0]).toMatchObject({ query: 'eiffel tower live', timeRange: 'hour' });
    // The five-hour-old result is gone; the undated one stays (nothing shows it old).
    expect(observations.join('\n')).toContain('1 older than the hour dropped');
    const candidates = plannerCalls[1]?.prompt ?? '';
    expect(candidates).not.toContain('https://example.org/paris');
    expect(candidates).toContain('https://example.net/history');
    expect(candidates).toMatch(
      /https:\/\/example\.com\/eiffel \| Eiffel Tower facts \| \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
    expect(result.answer).not.toBe('');
  });

  it('with --language de asks for German queries and sends them with the language; an action may name another', async () => {
    const { search, plannerCalls } = await run(
      (step, call) => {
        if (step === 0) {
          // A planner that follows the prompt: German words only when told to write in German.
          const german = /write queries in German/i.test(call.system);
          return {
            think: 'Search.',
            action: { type: 'search', queries: [german ? 'Eiffelturm Höhe' : 'eiffel tower height'] },
          };
        }
        if (step === 1)
          return {
            think: 'Local sources.',
            action: { type: 'search', queries: ['エッフェル塔 高さ'], language: 'ja' },
          };
        return step === 2 ? READ : { think: 'Done.', action: READY };
      },
      { language: 'de' },
    );
    expect(plannerCalls[0]?.system).toContain('language "de"');
    expect(search.calls[0]).toMatchObject({ query: 'Eiffelturm Höhe', language: 'de' });
    expect(search.calls[1]).toMatchObject({ query: 'エッフェル塔 高さ', language: 'ja' });
  });

  it('with a search language apart from the answer language searches in it and still answers in the answer language', async () => {
    const { search, plannerCalls, llm } = await run(
      (step, call) => {
        if (step === 0) {
          const german = /write queries in German/i.test(call.system);
          return {
            think: 'Search.',
            action: { type: 'search', queries: [german ? 'Eiffelturm Höhe' : 'eiffel tower height'] },
          };
        }
        return step === 1 ? READ : { think: 'Done.', action: READY };
      },
      { language: 'en', searchLanguage: 'de' },
    );
    expect(plannerCalls[0]?.system).toContain('language "de"');
    expect(search.calls[0]).toMatchObject({ query: 'Eiffelturm Höhe', language: 'de' });
    const writer = llm.calls.filter((call) => call.role === 'writer');
    expect(writer.length).toBeGreaterThan(0);
    expect(writer.map((call) => call.system + call.prompt).join('\n')).toContain(
      'Write in the language with code "en"',
    );
  });

  it('clips a misbehaving planner (50 rewrites, empty and repeated queries, unknown language) and still answers', async () => {
    const rewrites = Array.from({ length: 50 }, (_, index) =>
      index % 5 === 0 ? '  ' : `eiffel height ${index % 7}`,
    );
    const { result, search, observations, plannerCalls } = await run((step) => {
      if (step === 0)
        return {
          think: 'Everything.',
          action: { type: 'search', queries: rewrites, language: 'klingonese' },
        };
      // The same words again, and then only empty strings: nothing new to search, never a crash;
      // the engine's default policy searches the sub-questions instead.
      if (step === 1)
        return { think: 'Again.', action: { type: 'search', queries: ['eiffel height 1', ''] } };
      if (step === 2) return { think: 'Empty.', action: { type: 'search', queries: ['', '   '] } };
      return step === 3 ? READ : { think: 'Done.', action: READY };
    });
    expect(search.calls.slice(0, 4).map((call) => call.query)).toEqual(
      [1, 2, 3, 4].map((index) => `eiffel height ${index}`),
    );
    for (const call of search.calls) {
      expect(call.query.trim()).not.toBe('');
      expect(call.language).toBeUndefined();
    }
    expect(new Set(search.calls.map((call) => call.query)).size).toBe(search.calls.length);
    const first = observations.find((text) => text.startsWith('Searched 4 queries')) ?? '';
    expect(first).toContain('dropped 10 empty queries');
    expect(first).toContain('dropped 33 repeated queries');
    expect(first).toContain('kept the first 4 of 7 queries');
    expect(first).toContain('"klingonese" is not a known language code');
    expect(plannerCalls[1]?.prompt).toContain('your last search was clipped');
    expect(result.status).toBe('completed');
    expect(result.answer).toContain('330');
  });

  it('broadens the search of an explore sub-question: no quotes or operators, more results, its own words', async () => {
    const explorePlan = () => ({
      think: 'Survey.',
      trivial: false,
      subQuestions: [{ text: 'What is known about the Eiffel Tower height?', intent: 'explore' }],
    });
    const { search, observations } = await run(
      (step) => {
        if (step === 0)
          return {
            think: 'Narrow.',
            action: {
              type: 'search',
              queries: ['"eiffel tower" height site:example.com'],
              subQuestion: 'q1',
            },
          };
        return step === 1 ? READ : { think: 'Done.', action: READY };
      },
      {},
      createFakeSearch(RESULTS),
      explorePlan,
    );
    expect(search.calls.map((call) => call.query)).toEqual([
      'eiffel tower height',
      'What is known about the Eiffel Tower height?',
    ]);
    expect(search.calls[0]?.count).toBe(20);
    expect(observations.join('\n')).toContain('broadened for explore sub-question q1');
  });

  it('shows the planner reranked candidates: another host before the fourth of one host, each with why', async () => {
    const same = (index: number) => ({
      url: `https://a.example/${index}`,
      title: `Eiffel Tower height ${index}`,
      snippet: 'The height of the Eiffel Tower in metres.',
    });
    const search = createFakeSearch([
      { url: 'https://shop.example/', title: 'Paris souvenirs', snippet: 'Postcards and magnets.' },
      same(1),
      same(2),
      same(3),
      same(4),
      {
        url: 'https://b.example/tower',
        title: 'Eiffel Tower facts',
        snippet: 'The tower is 330 metres tall.',
      },
    ]);
    const { plannerCalls } = await run(
      (step) =>
        step === 0
          ? { think: 'Search.', action: { type: 'search', queries: ['eiffel tower height'] } }
          : { think: 'Done.', action: READY },
      { maxSteps: 2 },
      search,
    );
    const listed = [...(plannerCalls[1]?.prompt ?? '').matchAll(/^- (https:\/\/\S+) \|.*$/gm)];
    const urls = listed.map((match) => match[1]);
    expect(urls.indexOf('https://b.example/tower')).toBeLessThan(urls.indexOf('https://a.example/4'));
    expect(urls.indexOf('https://shop.example/')).toBeGreaterThan(urls.indexOf('https://b.example/tower'));
    const line = (url: string) => listed.find((match) => match[1] === url)?.[0] ?? '';
    expect(line('https://a.example/1')).toContain('why: matches q1');
    expect(line('https://a.example/4')).toContain('3 more from a.example above');
  });
});
