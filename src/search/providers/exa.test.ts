import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createExaSearch } from './exa.js';

describe('createExaSearch', () => {
  it('POSTs numResults, includeDomains and startPublishedDate with x-api-key; highlights become snippets', async () => {
    const server = await serve({
      body: {
        requestId: 'r1',
        results: [
          {
            id: 'https://arxiv.org/abs/1',
            title: 'Attention',
            url: 'https://arxiv.org/abs/1',
            publishedDate: '2023-06-01T00:00:00.000Z',
            author: 'A',
            highlights: ['first part', 'second part'],
          },
          { id: 'x', title: null, url: 'https://example.com/no-title' },
        ],
      },
    });
    const before = Date.now();
    const results = await createExaSearch(testSettings(server, { apiKey: 'exa-key' })).search({
      query: 'transformers',
      count: 3,
      timeRange: 'year',
      sites: ['arxiv.org'],
    });
    const request = server.requests[0];
    expect(request?.headers['x-api-key']).toBe('exa-key');
    const body = JSON.parse(request?.body ?? '') as Record<string, unknown>;
    expect(body).toMatchObject({ query: 'transformers', numResults: 3, includeDomains: ['arxiv.org'] });
    const start = Date.parse(String(body.startPublishedDate));
    expect(before - start).toBeGreaterThan(365 * 86_400_000);
    expect(before - start).toBeLessThan(367 * 86_400_000);
    expect(results).toEqual([
      {
        title: 'Attention',
        url: 'https://arxiv.org/abs/1',
        snippet: 'first part … second part',
        publishedAt: '2023-06-01T00:00:00.000Z',
        provider: 'exa',
      },
      {
        title: 'https://example.com/no-title',
        url: 'https://example.com/no-title',
        snippet: '',
        provider: 'exa',
      },
    ]);
  });

  it("reports a 400 with Exa's error text as http_error", async () => {
    const server = await serve({
      status: 400,
      body: { requestId: 'r', error: 'Invalid numResults', tag: 'INVALID' },
    });
    const error = await createExaSearch(testSettings(server))
      .search({ query: 'x' })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'http_error', statusCode: 400, provider: 'exa' });
    expect((error as Error).message).toContain('Invalid numResults');
  });
});
