import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createFirecrawlSearch } from './firecrawl.js';

describe('createFirecrawlSearch', () => {
  it('POSTs /v2/search with limit, tbs and site: and maps data.web', async () => {
    const server = await serve({
      body: {
        success: true,
        data: {
          web: [
            {
              url: 'https://www.firecrawl.dev/',
              title: 'Firecrawl',
              description: 'Web data API',
              position: 1,
            },
          ],
        },
      },
    });
    const results = await createFirecrawlSearch(testSettings(server, { apiKey: 'fc-key' })).search({
      query: 'crawler',
      count: 7,
      timeRange: 'day',
      sites: ['firecrawl.dev'],
    });
    const request = server.requests[0];
    expect(request?.url.pathname).toBe('/v2/search');
    expect(request?.headers.authorization).toBe('Bearer fc-key');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      query: 'crawler site:firecrawl.dev',
      limit: 7,
      tbs: 'qdr:d',
    });
    expect(results).toEqual([
      {
        title: 'Firecrawl',
        url: 'https://www.firecrawl.dev/',
        snippet: 'Web data API',
        provider: 'firecrawl',
      },
    ]);
  });

  it('also reads the v1 shape (data as a list)', async () => {
    const server = await serve({
      body: { success: true, data: [{ url: 'https://a.com', title: 'A', description: 'd' }] },
    });
    const results = await createFirecrawlSearch(testSettings(server)).search({ query: 'a' });
    expect(results.map((result) => result.url)).toEqual(['https://a.com']);
  });

  it('maps 402 Payment Required to quota_exceeded', async () => {
    const server = await serve({ status: 402, body: { success: false, error: 'Insufficient credits' } });
    const error = await createFirecrawlSearch(testSettings(server))
      .search({ query: 'x' })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'quota_exceeded', provider: 'firecrawl' });
    expect((error as Error).message).toContain('Insufficient credits');
  });
});
