import { describe, expect, it } from 'vitest';
import { type RerankSignals, rerankCandidates } from './rerank.js';
import { createUrlPool, type PoolEntry } from './url-pool.js';

const NO_RULES = { boostHosts: [], excludeHosts: [], onlyHosts: [] };
const NEEDS: RerankSignals = {
  needs: [
    { id: 'q1', text: 'How tall is the Eiffel Tower in metres?' },
    { id: 'q2', text: 'When was the Eiffel Tower completed?' },
  ],
  question: 'How tall is the Eiffel Tower, and when was it completed?',
  citedHosts: new Set(),
};

/** Pool entries in the order search fused them. */
function pool(
  results: { url: string; title: string; snippet?: string; publishedAt?: string; provider?: string }[],
  query = 'q',
) {
  const urls = createUrlPool(NO_RULES);
  urls.add(
    results.map((result) => ({ snippet: '', provider: 'fake', ...result })),
    query,
  );
  return urls;
}

const order = (entries: { entry: PoolEntry }[]) => entries.map(({ entry }) => entry.url);

describe('rerankCandidates', () => {
  it('puts a relevant result of a second host above the fourth of the same host', () => {
    const entries = pool([
      { url: 'https://a.example/1', title: 'Eiffel Tower height in metres' },
      { url: 'https://a.example/2', title: 'Eiffel Tower height and metres of antennas' },
      { url: 'https://a.example/3', title: 'How tall the Eiffel Tower is, in metres' },
      { url: 'https://a.example/4', title: 'Eiffel Tower metres tall over the years' },
      { url: 'https://b.example/1', title: 'The Eiffel Tower is 330 metres tall' },
    ]).ranked();
    const ranked = rerankCandidates(entries, NEEDS);
    const urls = order(ranked);
    expect(urls.indexOf('https://b.example/1')).toBeLessThan(urls.indexOf('https://a.example/4'));
    expect(urls.indexOf('https://b.example/1')).toBeLessThan(3);
    expect(ranked.find(({ entry }) => entry.url === 'https://a.example/4')?.reasons.join(' ')).toMatch(
      /more from a\.example above/,
    );
  });

  it('puts a result matching an open sub-question above an irrelevant higher-ranked one, and says which', () => {
    const entries = pool([
      { url: 'https://shop.example/', title: 'Paris souvenirs shop', snippet: 'Buy postcards and magnets.' },
      { url: 'https://travel.example/tips', title: 'Travel tips for France', snippet: 'Trains and hotels.' },
      {
        url: 'https://history.example/tower',
        title: 'Tower history',
        snippet: 'The Eiffel Tower was completed in 1889.',
      },
    ]).ranked();
    const ranked = rerankCandidates(entries, NEEDS);
    expect(order(ranked)[0]).toBe('https://history.example/tower');
    expect(ranked[0]?.reasons).toContain('matches q2');
    // Only open sub-questions count: once q2 is closed, its match no longer lifts the result.
    const onlyQ1 = rerankCandidates(entries, {
      ...NEEDS,
      needs: [{ id: 'q1', text: 'How tall is it in metres?' }],
    });
    expect(order(onlyQ1)[0]).toBe('https://shop.example/');
  });

  it('lifts results several providers or queries agree on, hosts already cited, and sites the question names', () => {
    const urls = createUrlPool(NO_RULES);
    const plain = { snippet: 'Eiffel Tower', provider: 'fake' };
    urls.add(
      [
        { ...plain, url: 'https://one.example/a', title: 'Eiffel Tower' },
        { ...plain, url: 'https://two.example/b', title: 'Eiffel Tower', providers: ['brave', 'wikipedia'] },
        { ...plain, url: 'https://cited.example/c', title: 'Eiffel Tower' },
        { ...plain, url: 'https://www.toureiffel.paris/en', title: 'Eiffel Tower' },
      ],
      'eiffel tower',
    );
    const ranked = rerankCandidates(urls.ranked(), {
      needs: [{ text: 'Eiffel Tower' }],
      question: 'What does toureiffel say about the Eiffel Tower?',
      citedHosts: new Set(['cited.example']),
    });
    // Same words, same kind of host: each signal lifts its result above the plain first one.
    expect(order(ranked).at(-1)).toBe('https://one.example/a');
    expect(order(ranked)[0]).toBe('https://www.toureiffel.paris/en');
    expect(ranked[0]?.reasons).toContain('site named in question');
    const why = (url: string) => ranked.find(({ entry }) => entry.url === url)?.reasons ?? [];
    expect(why('https://two.example/b')).toContain('2 providers');
    expect(why('https://cited.example/c')).toContain('host already cited');
  });

  it('puts recent results first when a time-ranged search asked for recency, not otherwise', () => {
    const now = new Date('2026-11-26T12:00:00.000Z');
    const entries = pool([
      { url: 'https://old.example/a', title: 'Eiffel Tower news', publishedAt: '2026-11-20T12:00:00.000Z' },
      { url: 'https://new.example/b', title: 'Eiffel Tower news', publishedAt: '2026-11-26T11:00:00.000Z' },
    ]).ranked();
    const signals = {
      needs: [{ text: 'Eiffel Tower news' }],
      question: 'Eiffel news',
      citedHosts: new Set<string>(),
      now,
    };
    expect(order(rerankCandidates(entries, signals))[0]).toBe('https://old.example/a');
    const recent = rerankCandidates(entries, { ...signals, timeRange: 'week' });
    expect(order(recent)[0]).toBe('https://new.example/b');
    expect(recent[0]?.reasons).toContain('within the last week');
  });

  it("for a fact-check with a finding, prefers another host to more pages of the finding's host", () => {
    const entries = pool([
      { url: 'https://first.example/a', title: 'Eiffel Tower height 330 metres' },
      { url: 'https://second.example/b', title: 'Eiffel Tower height 330 metres' },
    ]).ranked();
    const needs = [
      {
        id: 'q1',
        text: 'Eiffel Tower height metres',
        intent: 'fact-check',
        hosts: new Set(['first.example']),
      },
    ];
    const ranked = rerankCandidates(entries, {
      needs,
      question: 'Eiffel height',
      citedHosts: new Set(['first.example']),
    });
    expect(order(ranked)[0]).toBe('https://second.example/b');
    expect(ranked[0]?.reasons).toContain('another host for q1');
    expect(ranked[1]?.reasons).toContain('q1 already has a finding from this host');
    // Outside a fact-check, a host findings came from is an authority signal instead.
    const explore = rerankCandidates(entries, {
      needs: [{ ...needs[0], intent: 'explore' }] as typeof needs,
      question: 'Eiffel height',
      citedHosts: new Set(['first.example']),
    });
    expect(order(explore)[0]).toBe('https://first.example/a');
  });

  it("lets the question's intent flip the order: an academic question puts the paper first", () => {
    const entries = pool([
      {
        url: 'https://dailysleep.example/news/caffeine-sleep-quality',
        title: 'Caffeine and sleep quality: how coffee keeps you awake',
        snippet: 'Caffeine late in the day lowers sleep quality.',
      },
      { url: 'https://coffee.example/blog/sleep', title: 'My coffee and my sleep' },
      {
        url: 'https://sleeplab.example.edu/papers/caffeine',
        title: 'Effects of caffeine on sleep',
        snippet: 'A randomized trial of evening caffeine.',
      },
    ]).ranked();
    const question = 'What do studies say about caffeine and sleep quality?';
    const signals: RerankSignals = {
      needs: [{ id: 'q1', text: 'caffeine sleep quality' }],
      question,
      citedHosts: new Set(),
    };
    const plain = rerankCandidates(entries, signals);
    expect(order(plain)[0]).toBe('https://dailysleep.example/news/caffeine-sleep-quality');
    const academic = rerankCandidates(entries, {
      ...signals,
      intent: { intent: 'academic', from: 'question', reason: 'says "studies"' },
    });
    expect(order(academic)[0]).toBe('https://sleeplab.example.edu/papers/caffeine');
    expect(academic[0]?.reasons).toContain('academic source, which the question wants (academic)');
    expect(academic[0]?.credibility.kind).toBe('academic');
    // An opinion question would rather read the blog than the paper.
    const opinion = rerankCandidates(entries, {
      ...signals,
      intent: { intent: 'opinion', from: 'plan', reason: 'from the plan' },
    });
    expect(order(opinion).indexOf('https://coffee.example/blog/sleep')).toBeLessThan(
      order(opinion).indexOf('https://sleeplab.example.edu/papers/caffeine'),
    );
  });

  it('puts the site a question names first, and weighs credibility from the address', () => {
    const entries = pool([
      { url: 'https://mirror.example/asyncio', title: 'asyncio timeouts explained' },
      { url: 'https://docs.python.org/3/library/asyncio-task.html', title: 'asyncio timeouts' },
    ]).ranked();
    const ranked = rerankCandidates(entries, {
      needs: [{ text: 'asyncio timeouts' }],
      question: 'asyncio timeouts site:python.org',
      citedHosts: new Set(),
      intent: { intent: 'site', site: 'python.org', from: 'question', reason: 'names python.org' },
    });
    expect(order(ranked)[0]).toBe('https://docs.python.org/3/library/asyncio-task.html');
    expect(ranked[0]?.reasons).toContain('on python.org, the site asked for');
    expect(ranked[0]?.credibility.kind).toBe('documentation');
  });

  it('ranks an entry by the snippet a later search brought after an earlier ranking, and adds nothing a JSON or a spread sees to entries', () => {
    const urls = pool([
      { url: 'https://a.example/1', title: 'Paris souvenirs' },
      { url: 'https://b.example/2', title: 'A page' },
    ]);
    const entries = urls.ranked();
    const shapes = entries.map((entry) => JSON.stringify(entry));
    expect(order(rerankCandidates(entries, NEEDS))).toEqual(['https://a.example/1', 'https://b.example/2']);
    expect(order(rerankCandidates(urls.unreadCandidates(), NEEDS))).toEqual([
      'https://a.example/1',
      'https://b.example/2',
    ]);
    expect(entries.map((entry) => JSON.stringify(entry))).toEqual(shapes);
    expect(entries.map((entry) => Object.keys(entry))).toEqual(
      shapes.map((shape) => Object.keys(JSON.parse(shape))),
    );
    // A later search gives b its snippet: the next ranking reads it.
    urls.add(
      [
        {
          url: 'https://b.example/2',
          title: 'A page',
          snippet: 'The Eiffel Tower is 330 metres tall and was completed in 1889.',
          provider: 'fake',
        },
      ],
      'q',
    );
    const ranked = rerankCandidates(urls.unreadCandidates(), NEEDS);
    expect(order(ranked)).toEqual(['https://b.example/2', 'https://a.example/1']);
    expect(ranked[0]?.reasons.join(' ')).toMatch(/matches q\d/);
    expect(ranked).toEqual(rerankCandidates(urls.ranked(), NEEDS));
    expect(urls.ranked().map((entry) => Object.getOwnPropertySymbols({ ...entry }))).toEqual([[], []]);
    // Entries of no pool, frozen ones too (their facts cannot be kept on them), rank the same.
    const copies = urls.ranked().map((entry) => Object.freeze({ ...entry, queries: [...entry.queries] }));
    expect(order(rerankCandidates(copies, NEEDS))).toEqual(order(ranked));
  });

  it("ranks the pool's unread candidates as it ranks the same entries alone, an entry a search changed included", () => {
    const urls = pool([
      { url: 'https://a.example/1', title: 'Eiffel Tower height in metres' },
      { url: 'https://b.example/2', title: 'Paris souvenirs', snippet: 'Gifts near the tower' },
      { url: 'https://c.example/3', title: 'When the Eiffel Tower was completed' },
      { url: 'https://d.example/4', title: 'A page' },
    ]);
    urls.add(
      [{ url: 'https://e.example/5', title: 'Tower completed 1889', snippet: '', provider: 'fake' }],
      'q2',
    );
    urls.markRead('https://a.example/1');
    const through = rerankCandidates(urls.unreadCandidates(), NEEDS);
    expect(through).toEqual(rerankCandidates(urls.ranked(), NEEDS));
    expect(order(through)).not.toContain('https://a.example/1');
    urls.add(
      [
        {
          url: 'https://d.example/4',
          title: 'A page',
          snippet: 'The Eiffel Tower is 330 metres tall.',
          provider: 'fake',
        },
      ],
      'q3',
    );
    const after = rerankCandidates(urls.unreadCandidates(), NEEDS);
    expect(after).toEqual(rerankCandidates(urls.ranked(), NEEDS));
    // Its new snippet is read: it now matches the height sub-question.
    const reasons = after.find(({ entry }) => entry.url === 'https://d.example/4')?.reasons ?? [];
    expect(reasons).toContain('matches q1');
  });
});
