import { describe, expect, it } from 'vitest';
import { type RecordedRequest, serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { withinTimeRange } from '../dates.js';
import type { SearchProvider } from '../types.js';
import { createArxivSearch } from './arxiv.js';
import { createBraveSearch } from './brave.js';
import { createDuckDuckGoSearch } from './duckduckgo.js';
import { createExaSearch } from './exa.js';
import { createFirecrawlSearch } from './firecrawl.js';
import { createGithubSearch } from './github.js';
import { createSearxngSearch } from './searxng.js';
import { createSerperSearch } from './serper.js';
import { createTavilySearch } from './tavily.js';

const HOUR_MS = 60 * 60 * 1000;
const emptyFeed = '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>';

/** Each provider with an empty reply of its API's shape and what its request says about the window. */
const cases: {
  name: string;
  body: string | object;
  create: (settings: ReturnType<typeof testSettings>) => SearchProvider;
  /** The time filter the request carried. */
  window: (request: RecordedRequest) => string | undefined;
  /** What the last hour must map to: the hour where the API has one, else the day. */
  hour: string;
}[] = [
  {
    name: 'serper (Google tbs)',
    hour: 'qdr:h',
    body: { organic: [] },
    create: createSerperSearch,
    window: (request) => JSON.parse(request.body).tbs,
  },
  {
    name: 'firecrawl (Google tbs)',
    hour: 'qdr:h',
    body: { data: { web: [] } },
    create: createFirecrawlSearch,
    window: (request) => JSON.parse(request.body).tbs,
  },
  {
    name: 'brave (freshness, a day at the finest)',
    hour: 'pd',
    body: { web: { results: [] } },
    create: createBraveSearch,
    window: (request) => request.url.searchParams.get('freshness') ?? undefined,
  },
  {
    name: 'duckduckgo (df, a day at the finest)',
    hour: 'd',
    body: '<html><body><div class="no-results">No results.</div></body></html>',
    create: createDuckDuckGoSearch,
    window: (request) => new URLSearchParams(request.body).get('df') ?? undefined,
  },
  {
    name: 'tavily (time_range, a day at the finest)',
    hour: 'day',
    body: { results: [] },
    create: createTavilySearch,
    window: (request) => JSON.parse(request.body).time_range,
  },
  {
    name: 'searxng (time_range, a day at the finest)',
    hour: 'day',
    body: { results: [] },
    create: createSearxngSearch,
    window: (request) => request.url.searchParams.get('time_range') ?? undefined,
  },
];

describe('the last hour, per provider', () => {
  for (const { name, body, create, window, hour } of cases) {
    it(`maps hour for ${name}`, async () => {
      const server = await serve({ body });
      await create(testSettings(server, { apiKey: 'key' })).search({ query: 'news', timeRange: 'hour' });
      const request = server.requests[0];
      expect(request).toBeDefined();
      expect(window(request as RecordedRequest)).toBe(hour);
    });
  }

  it('starts Exa, arXiv and GitHub windows one hour ago', async () => {
    // An hour before the search was made, between the clock read just before and just after it
    // (a second earlier at most: GitHub's dates have no milliseconds), however long it took.
    const expectHourBefore = (start: number, before: number, after: number) => {
      expect(start).toBeGreaterThanOrEqual(before - HOUR_MS - 1000);
      expect(start).toBeLessThanOrEqual(after - HOUR_MS);
    };
    const exa = await serve({ body: { results: [] } });
    let before = Date.now();
    await createExaSearch(testSettings(exa, { apiKey: 'key' })).search({ query: 'news', timeRange: 'hour' });
    const exaStart = Date.parse(JSON.parse(exa.requests[0]?.body ?? '{}').startPublishedDate);
    expectHourBefore(exaStart, before, Date.now());

    const arxiv = await serve({ body: emptyFeed });
    await createArxivSearch(testSettings(arxiv, {})).search({ query: 'llm', timeRange: 'hour' });
    const query = arxiv.requests[0]?.url.searchParams.get('search_query') ?? '';
    const [from, to] = [...query.matchAll(/(\d{12})/g)].map((match) => match[1] ?? '');
    const minutes = (value = '') =>
      Date.UTC(
        +value.slice(0, 4),
        +value.slice(4, 6) - 1,
        +value.slice(6, 8),
        +value.slice(8, 10),
        +value.slice(10),
      );
    expect(minutes(to) - minutes(from)).toBe(HOUR_MS);

    const github = await serve({ body: { total_count: 0, items: [] } });
    before = Date.now();
    await createGithubSearch(testSettings(github, {})).search({ query: 'ai sdk', timeRange: 'hour' });
    const q = github.requests[0]?.url.searchParams.get('q') ?? '';
    const pushed = /pushed:>=(\S+)$/.exec(q)?.[1] ?? '';
    expect(pushed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expectHourBefore(Date.parse(pushed), before, Date.now());
  });
});

describe('withinTimeRange', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');
  it('drops results dated before the window, keeps undated ones and a bare date of today', () => {
    expect(withinTimeRange('2026-11-26T11:30:00.000Z', 'hour', now)).toBe(true);
    expect(withinTimeRange('2026-11-26T10:30:00.000Z', 'hour', now)).toBe(false);
    expect(withinTimeRange(undefined, 'hour', now)).toBe(true);
    expect(withinTimeRange('2026-11-26', 'hour', now)).toBe(true);
    expect(withinTimeRange('2026-11-26T00:00:00.000Z', 'hour', now)).toBe(true);
    expect(withinTimeRange('2026-11-25', 'hour', now)).toBe(false);
    expect(withinTimeRange('2026-11-20', 'week', now)).toBe(true);
    expect(withinTimeRange('not a date', 'hour', now)).toBe(true);
  });
});
