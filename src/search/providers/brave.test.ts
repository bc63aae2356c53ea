import { describe, expect, it } from 'vitest';
import { MissingApiKeyError } from '../../errors.js';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createBraveSearch } from './brave.js';

const braveBody = {
  type: 'search',
  query: { original: 'rust async' },
  web: {
    type: 'search',
    results: [
      {
        title: 'Async in <strong>Rust</strong>',
        url: 'https://rust-lang.github.io/async-book/',
        description: 'The <strong>async</strong> book &amp; more',
        page_age: '2024-03-01T10:00:00',
        age: 'March 1, 2024',
      },
      { title: 'Tokio', url: 'https://tokio.rs/', description: 'An async runtime' },
    ],
  },
};

describe('createBraveSearch', () => {
  it('maps web results and sends count, language, freshness, site: and the key header', async () => {
    const server = await serve({ body: braveBody });
    const brave = createBraveSearch(testSettings(server, { apiKey: 'brave-key' }));
    const results = await brave.search({
      query: 'rust async',
      count: 50,
      language: 'de',
      timeRange: 'week',
      sites: ['tokio.rs'],
    });
    expect(results).toEqual([
      {
        title: 'Async in Rust',
        url: 'https://rust-lang.github.io/async-book/',
        snippet: 'The async book & more',
        // Brave's page_age has no zone: it is read as UTC, not as the machine's zone.
        publishedAt: '2024-03-01T10:00:00.000Z',
        provider: 'brave',
      },
      { title: 'Tokio', url: 'https://tokio.rs/', snippet: 'An async runtime', provider: 'brave' },
    ]);
    const request = server.requests[0];
    expect(request?.url.pathname).toBe('/res/v1/web/search');
    expect(request?.headers['x-subscription-token']).toBe('brave-key');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      q: 'rust async site:tokio.rs',
      count: '20',
      search_lang: 'de',
      freshness: 'pw',
    });
  });

  it('reads BRAVE_API_KEY at call time and names it when missing', async () => {
    const server = await serve({ body: braveBody });
    const env: Record<string, string | undefined> = {};
    const brave = createBraveSearch({ ...testSettings(server, {}), env });
    const error = await brave.search({ query: 'x' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(MissingApiKeyError);
    expect((error as Error).message).toContain('BRAVE_API_KEY');
    expect(server.requests).toHaveLength(0);
    env.BRAVE_API_KEY = 'late-key';
    await brave.search({ query: 'x' });
    expect(server.requests[0]?.headers['x-subscription-token']).toBe('late-key');
  });

  it("reads Brave's error codes: QUOTA_LIMITED is quota_exceeded, an invalid token is authentication", async () => {
    const quota = await serve({
      status: 429,
      body: {
        type: 'ErrorResponse',
        error: { code: 'QUOTA_LIMITED', detail: 'Request quota exceeded.', status: 429 },
      },
    });
    await expect(createBraveSearch(testSettings(quota)).search({ query: 'x' })).rejects.toMatchObject({
      code: 'quota_exceeded',
      provider: 'brave',
    });
    const invalid = await serve({
      status: 422,
      body: {
        type: 'ErrorResponse',
        error: { code: 'SUBSCRIPTION_TOKEN_INVALID', detail: 'The token is invalid.' },
      },
    });
    const error = await createBraveSearch(testSettings(invalid))
      .search({ query: 'x' })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'authentication' });
    expect((error as Error).message).toContain('The token is invalid.');
  });

  it("uses Brave's own language codes and the region as country", async () => {
    const server = await serve({ body: braveBody });
    const brave = createBraveSearch(testSettings(server));
    await brave.search({ query: 'x', language: 'pt-BR' });
    await brave.search({ query: 'x', language: 'ja' });
    expect(server.requests[0]?.url.searchParams.get('search_lang')).toBe('pt-br');
    expect(server.requests[0]?.url.searchParams.get('country')).toBe('BR');
    expect(server.requests[1]?.url.searchParams.get('search_lang')).toBe('jp');
    expect(server.requests[1]?.url.searchParams.has('country')).toBe(false);
  });

  it('returns an empty list when Brave has no web section', async () => {
    const server = await serve({ body: { type: 'search', query: { original: 'zzz' } } });
    await expect(createBraveSearch(testSettings(server)).search({ query: 'zzz' })).resolves.toEqual([]);
  });
});
