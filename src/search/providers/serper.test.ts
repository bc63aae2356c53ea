import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createSerperSearch } from './serper.js';

describe('createSerperSearch', () => {
  it('POSTs q/num/hl/tbs with X-API-KEY and maps organic results', async () => {
    const server = await serve({
      body: {
        searchParameters: { q: 'vitest', type: 'search' },
        organic: [
          { title: 'Vitest', link: 'https://vitest.dev/', snippet: 'Next generation testing', position: 1 },
          { title: 'News', link: 'https://example.com/n', snippet: 'Fresh', date: '3 days ago', position: 2 },
          { title: 'Old', link: 'https://example.com/o', snippet: 'Dated', date: 'Jun 5, 2024', position: 3 },
        ],
      },
    });
    const now = () => new Date('2024-06-10T15:00:00Z');
    const results = await createSerperSearch(testSettings(server, { apiKey: 'serper-key', now })).search({
      query: 'vitest',
      count: 5,
      language: 'fr',
      timeRange: 'month',
      sites: ['vitest.dev', 'github.com'],
    });
    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/search');
    expect(request?.headers['x-api-key']).toBe('serper-key');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      q: 'vitest (site:vitest.dev OR site:github.com)',
      num: 5,
      hl: 'fr',
      tbs: 'qdr:m',
    });
    expect(results[0]).toEqual({
      title: 'Vitest',
      url: 'https://vitest.dev/',
      snippet: 'Next generation testing',
      provider: 'serper',
    });
    // Relative dates count back from the injected clock; a date without a time is its day in UTC.
    expect(results.map((result) => result.publishedAt)).toEqual([
      undefined,
      '2024-06-07T15:00:00.000Z',
      '2024-06-05T00:00:00.000Z',
    ]);
  });

  it('reports "Not enough credits" as quota_exceeded and 403 as authentication', async () => {
    const credits = await serve({ status: 400, body: { message: 'Not enough credits', statusCode: 400 } });
    await expect(createSerperSearch(testSettings(credits)).search({ query: 'x' })).rejects.toMatchObject({
      code: 'quota_exceeded',
    });
    const unauthorised = await serve({ status: 403, body: { message: 'Unauthorized.', statusCode: 403 } });
    const error = await createSerperSearch(testSettings(unauthorised))
      .search({ query: 'x' })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'authentication' });
    expect((error as Error).message).toContain('SERPER_API_KEY');
  });

  it('sends a regional language as hl plus gl', async () => {
    const server = await serve({ body: { organic: [] } });
    await createSerperSearch(testSettings(server)).search({ query: 'x', language: 'pt-BR' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toMatchObject({ hl: 'pt-BR', gl: 'br' });
  });

  it('names SERPER_API_KEY when no key is configured', async () => {
    await expect(createSerperSearch({ env: {} }).search({ query: 'x' })).rejects.toMatchObject({
      code: 'missing_api_key',
      variable: 'SERPER_API_KEY',
    });
  });
});
