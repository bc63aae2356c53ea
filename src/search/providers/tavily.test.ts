import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createTavilySearch } from './tavily.js';

describe('createTavilySearch', () => {
  it('POSTs query, max_results, time_range and include_domains with Bearer auth', async () => {
    const server = await serve({
      body: {
        query: 'solar',
        answer: null,
        results: [
          {
            title: 'Solar power',
            url: 'https://energy.gov/solar',
            content: 'Solar energy is...',
            score: 0.9,
            raw_content: null,
            published_date: 'Tue, 05 Mar 2024 10:00:00 GMT',
          },
        ],
        response_time: 1.2,
      },
    });
    const results = await createTavilySearch(testSettings(server, { apiKey: 'tvly-key' })).search({
      query: 'solar',
      count: 99,
      timeRange: 'day',
      sites: ['energy.gov'],
    });
    const request = server.requests[0];
    expect(request?.headers.authorization).toBe('Bearer tvly-key');
    expect(JSON.parse(request?.body ?? '')).toMatchObject({
      query: 'solar',
      max_results: 20,
      time_range: 'day',
      include_domains: ['energy.gov'],
    });
    expect(results).toEqual([
      {
        title: 'Solar power',
        url: 'https://energy.gov/solar',
        snippet: 'Solar energy is...',
        publishedAt: '2024-03-05T10:00:00.000Z',
        provider: 'tavily',
      },
    ]);
  });

  it("maps 432 (plan limit) to quota_exceeded with Tavily's message, 401 to authentication", async () => {
    const limit = await serve({
      status: 432,
      body: { detail: { error: 'This request exceeds your plan limit.' } },
    });
    const error = await createTavilySearch(testSettings(limit))
      .search({ query: 'x' })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'quota_exceeded', statusCode: 432 });
    expect((error as Error).message).toContain('exceeds your plan limit');
    const unauthorised = await serve({
      status: 401,
      body: { detail: { error: 'Unauthorized: missing or invalid API key.' } },
    });
    await expect(createTavilySearch(testSettings(unauthorised)).search({ query: 'x' })).rejects.toMatchObject(
      {
        code: 'authentication',
      },
    );
  });
});
