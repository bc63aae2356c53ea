import { describe, expect, it } from 'vitest';
import { ConfigError, MissingApiKeyError, UnknownIdError } from '../errors.js';
import { serve } from '../testing/vitest/provider-test-server.js';
import { createSearch } from './create-search.js';

const fast = { rateLimit: { maxConcurrent: 8, minIntervalMs: 0 } };

function searxngBody(urls: string[]) {
  return { query: 'q', results: urls.map((url) => ({ url, title: url, content: `snippet of ${url}` })) };
}

function braveBody(urls: string[]) {
  return { web: { results: urls.map((url) => ({ title: url, url, description: `brave on ${url}` })) } };
}

describe('createSearch', () => {
  it('fans out, fuses with RRF and deduplicates by normalised URL', async () => {
    const searxng = await serve({
      body: searxngBody(['https://a.com/', 'https://www.shared.com/page', 'https://c.com']),
    });
    const brave = await serve({ body: braveBody(['https://b.com', 'https://shared.com/page?utm_source=x']) });
    const search = createSearch({
      providers: ['searxng', 'brave'],
      env: {},
      searxngUrl: searxng.url,
      apiKeys: { brave: 'brave-key' },
      providerSettings: { searxng: fast, brave: { ...fast, baseURL: brave.url } },
    });
    expect(search.id).toBe('searxng+brave');
    const results = await search.search({ query: 'q' });
    expect(results.map((result) => result.url)).toEqual([
      'https://www.shared.com/page',
      'https://a.com/',
      'https://b.com',
      'https://c.com',
    ]);
    expect(results[0]?.provider).toBe('searxng');
    expect(brave.requests[0]?.headers['x-subscription-token']).toBe('brave-key');
  });

  it('returns the others when some fail and reports each failure', async () => {
    const searxng = await serve({ body: searxngBody(['https://a.com']) });
    const brave = await serve({ status: 401, body: { error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } } });
    const failures: Array<[string, unknown]> = [];
    const search = createSearch({
      providers: ['searxng', 'brave', 'tavily'],
      env: { BRAVE_API_KEY: 'bad' },
      searxngUrl: searxng.url,
      providerSettings: { searxng: fast, brave: { ...fast, baseURL: brave.url } },
      onProviderError: (providerId, error) => failures.push([providerId, error]),
    });
    const results = await search.search({ query: 'q' });
    expect(results.map((result) => result.url)).toEqual(['https://a.com']);
    expect(failures.map(([id]) => id)).toEqual(['brave', 'tavily']);
    expect(failures[0]?.[1]).toMatchObject({ code: 'authentication', provider: 'brave' });
    expect(failures[1]?.[1]).toBeInstanceOf(MissingApiKeyError);
  });

  it('throws the first error when every provider fails, instead of an empty list', async () => {
    const broken = await serve({ status: 500, body: 'down' });
    const reported: string[] = [];
    const search = createSearch({
      providers: ['searxng', 'serper'],
      env: {},
      searxngUrl: broken.url,
      providerSettings: { searxng: fast },
      onProviderError: (id) => reported.push(id),
    });
    await expect(search.search({ query: 'q' })).rejects.toMatchObject({
      code: 'http_error',
      provider: 'searxng',
    });
    expect(reported).toEqual([]);
  });

  it('keeps an honest empty list when providers answered with no results', async () => {
    const empty = await serve({ body: searxngBody([]) });
    const search = createSearch({
      providers: ['searxng'],
      env: {},
      searxngUrl: empty.url,
      providerSettings: { searxng: fast },
    });
    await expect(search.search({ query: 'q' })).resolves.toEqual([]);
  });

  it('cuts the fused list to the requested count', async () => {
    const searxng = await serve({ body: searxngBody(['https://a.com', 'https://b.com', 'https://c.com']) });
    const search = createSearch({
      providers: ['searxng'],
      env: {},
      searxngUrl: searxng.url,
      providerSettings: { searxng: fast },
    });
    await expect(search.search({ query: 'q', count: 2 })).resolves.toHaveLength(2);
  });

  it("spaces one provider's requests by its rate limit when a step fires several queries", async () => {
    const searxng = await serve({ body: searxngBody(['https://a.com']) });
    const search = createSearch({
      providers: ['searxng'],
      env: {},
      searxngUrl: searxng.url,
      providerSettings: { searxng: { rateLimit: { maxConcurrent: 1, minIntervalMs: 60 } } },
    });
    await Promise.all(['one', 'two', 'three', 'four'].map((query) => search.search({ query })));
    const arrivals = searxng.requests.map((request) => request.receivedAt);
    expect(arrivals).toHaveLength(4);
    // Starts are 60 ms apart. The first request also pays for opening the connection, so measure
    // from the second, which reuses it like the rest.
    expect((arrivals[3] ?? 0) - (arrivals[1] ?? 0)).toBeGreaterThanOrEqual(100);
  });

  it('rejects an empty provider list as a config error', () => {
    expect(() => createSearch({ providers: [] })).toThrow(ConfigError);
  });

  it('rejects unknown provider ids up front, listing the known ones', () => {
    expect(() => createSearch({ providers: ['bing'] })).toThrow(UnknownIdError);
    expect(() => createSearch({ providers: ['bing'] })).toThrow(/duckduckgo, wikipedia, arxiv/);
  });

  it('stops with the abort reason when the caller cancels', async () => {
    const slow = await serve({ body: searxngBody(['https://a.com']), delayMs: 1000 });
    const search = createSearch({
      providers: ['searxng'],
      env: {},
      searxngUrl: slow.url,
      providerSettings: { searxng: fast },
    });
    const controller = new AbortController();
    const pending = search.search({ query: 'q', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
