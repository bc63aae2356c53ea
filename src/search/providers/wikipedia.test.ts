import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createWikipediaSearch } from './wikipedia.js';

const searchBody = {
  batchcomplete: true,
  query: {
    searchinfo: { totalhits: 2 },
    search: [
      {
        ns: 0,
        title: 'AC/DC',
        pageid: 1,
        snippet: '<span class="searchmatch">AC/DC</span> are an Australian &quot;rock&quot; band',
      },
      {
        ns: 0,
        title: 'Highway to Hell',
        pageid: 2,
        snippet: 'An album by <span class="searchmatch">AC/DC</span>',
      },
    ],
  },
};

describe('createWikipediaSearch', () => {
  it('strips highlight markup and builds article URLs from titles', async () => {
    const server = await serve({ body: searchBody });
    const results = await createWikipediaSearch(testSettings(server, {})).search({ query: 'acdc', count: 5 });
    expect(results).toEqual([
      {
        title: 'AC/DC',
        url: `${server.url}/wiki/AC/DC`,
        snippet: 'AC/DC are an Australian "rock" band',
        provider: 'wikipedia',
      },
      {
        title: 'Highway to Hell',
        url: `${server.url}/wiki/Highway_to_Hell`,
        snippet: 'An album by AC/DC',
        provider: 'wikipedia',
      },
    ]);
    const parameters = server.requests[0]?.url.searchParams;
    expect(server.requests[0]?.url.pathname).toBe('/w/api.php');
    expect(parameters?.get('action')).toBe('query');
    expect(parameters?.get('list')).toBe('search');
    expect(parameters?.get('srsearch')).toBe('acdc');
    expect(parameters?.get('srlimit')).toBe('5');
    expect(parameters?.get('format')).toBe('json');
  });

  it('searches the language edition the request names', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ query: { search: [{ title: 'Igel', snippet: 'Stacheltier' }] } }));
    };
    const wikipedia = createWikipediaSearch({ fetch: fakeFetch, rateLimit: { minIntervalMs: 0 } });
    const results = await wikipedia.search({ query: 'Igel', language: 'de-AT' });
    expect(new URL(seen[0] ?? '').host).toBe('de.wikipedia.org');
    expect(results[0]?.url).toBe('https://de.wikipedia.org/wiki/Igel');
    await wikipedia.search({ query: 'hedgehog' });
    expect(new URL(seen[1] ?? '').host).toBe('en.wikipedia.org');
  });

  it('skips the call when sites exclude wikipedia.org', async () => {
    const server = await serve({ body: searchBody });
    const wikipedia = createWikipediaSearch(testSettings(server, {}));
    await expect(wikipedia.search({ query: 'x', sites: ['github.com'] })).resolves.toEqual([]);
    expect(server.requests).toHaveLength(0);
    await wikipedia.search({ query: 'x', sites: ['en.wikipedia.org'] });
    expect(server.requests).toHaveLength(1);
  });

  it('turns an API error object into a SearchError, and a 429 into rate_limited', async () => {
    const refused = await serve({
      body: { error: { code: 'badvalue', info: 'Unrecognized value for parameter "list"' } },
    });
    await expect(
      createWikipediaSearch(testSettings(refused, {})).search({ query: 'x' }),
    ).rejects.toMatchObject({
      code: 'http_error',
      message: expect.stringContaining('Unrecognized value'),
    });
    const limited = await serve({ status: 429, headers: { 'retry-after': '60' }, body: 'Too many requests' });
    await expect(
      createWikipediaSearch(testSettings(limited, {})).search({ query: 'x' }),
    ).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 60_000,
    });
  });
});
