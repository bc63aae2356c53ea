import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createJinaSearch } from './jina.js';

describe('createJinaSearch', () => {
  it('GETs q/num/hl/site with Bearer auth and JSON accept, and maps data', async () => {
    const server = await serve({
      body: {
        code: 200,
        status: 20000,
        data: [
          { title: 'Jina', url: 'https://jina.ai/', description: 'Search foundation', date: '2024-05-01' },
          { title: 'Docs', url: 'https://docs.jina.ai/', description: '', content: 'Long content here' },
        ],
        meta: { usage: { tokens: 100 } },
      },
    });
    const results = await createJinaSearch(testSettings(server, { apiKey: 'jina-key' })).search({
      query: 'jina reader',
      count: 2,
      language: 'en',
      sites: ['jina.ai'],
    });
    const request = server.requests[0];
    expect(request?.headers.authorization).toBe('Bearer jina-key');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.url.searchParams.get('q')).toBe('jina reader');
    expect(request?.url.searchParams.get('num')).toBe('2');
    expect(request?.url.searchParams.get('hl')).toBe('en');
    expect(request?.url.searchParams.getAll('site')).toEqual(['jina.ai']);
    expect(results).toEqual([
      {
        title: 'Jina',
        url: 'https://jina.ai/',
        snippet: 'Search foundation',
        publishedAt: '2024-05-01T00:00:00.000Z',
        provider: 'jina',
      },
      { title: 'Docs', url: 'https://docs.jina.ai/', snippet: 'Long content here', provider: 'jina' },
    ]);
  });

  it('reports an exhausted balance (402) as quota_exceeded with the readable message', async () => {
    const server = await serve({
      status: 402,
      body: {
        data: null,
        code: 402,
        name: 'InsufficientBalanceError',
        status: 40203,
        message: 'Account balance not enough',
        readableMessage:
          'InsufficientBalanceError: Account balance not enough to run this query, please recharge.',
      },
    });
    const error = await createJinaSearch(testSettings(server))
      .search({ query: 'x' })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'quota_exceeded' });
    expect((error as Error).message).toContain('please recharge');
  });
});
