import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors.js';
import { startFakeSearchServer } from '../../testing/fake-search-server.js';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createSearxngSearch } from './searxng.js';

const body = {
  query: 'linux',
  number_of_results: 0,
  results: [
    {
      url: 'https://kernel.org/',
      title: 'The Linux Kernel Archives',
      content: 'This site is the primary site for the Linux kernel source',
      engine: 'duckduckgo',
      engines: ['duckduckgo', 'brave'],
      score: 2,
      publishedDate: null,
    },
    {
      url: 'https://lwn.net/Articles/1/',
      title: 'LWN',
      content: 'News',
      engine: 'bing',
      publishedDate: '2024-06-01T08:00:00',
    },
  ],
  answers: [],
  unresponsive_engines: [],
};

describe('createSearxngSearch', () => {
  it('GETs /search with format=json, language, time_range and site:, and maps results', async () => {
    const server = await serve({ body });
    const results = await createSearxngSearch(testSettings(server, {})).search({
      query: 'linux',
      language: 'en-US',
      timeRange: 'month',
      sites: ['kernel.org'],
      count: 1,
    });
    expect(Object.fromEntries(server.requests[0]?.url.searchParams ?? [])).toMatchObject({
      q: 'linux site:kernel.org',
      format: 'json',
      language: 'en-US',
      time_range: 'month',
    });
    expect(results).toEqual([
      {
        title: 'The Linux Kernel Archives',
        url: 'https://kernel.org/',
        snippet: 'This site is the primary site for the Linux kernel source',
        provider: 'searxng',
      },
    ]);
  });

  it('reads SEARXNG_URL at call time and says how to set it when missing', async () => {
    const server = await serve({ body });
    const env: Record<string, string | undefined> = {};
    const searxng = createSearxngSearch({ env, rateLimit: { minIntervalMs: 0 } });
    const error = await searxng.search({ query: 'x' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('SEARXNG_URL');
    env.SEARXNG_URL = `${server.url}/`;
    await expect(searxng.search({ query: 'x' })).resolves.toHaveLength(2);
  });

  it('names the failed engines instead of returning an empty list', async () => {
    const server = await serve({
      body: {
        query: 'x',
        results: [],
        unresponsive_engines: [
          ['google', 'timeout'],
          ['bing', 'CAPTCHA'],
        ],
      },
    });
    await expect(createSearxngSearch(testSettings(server, {})).search({ query: 'x' })).rejects.toMatchObject({
      code: 'http_error',
      message: expect.stringContaining('google (timeout), bing (CAPTCHA)'),
    });
  });

  it('explains a 403 as the JSON format being disabled', async () => {
    const server = await serve({ status: 403, body: '<html>403 Forbidden</html>' });
    await expect(createSearxngSearch(testSettings(server, {})).search({ query: 'x' })).rejects.toMatchObject({
      code: 'http_error',
      message: expect.stringContaining('search.formats'),
    });
  });
});

describe('createSearxngSearch with the shipped fake SearXNG server', () => {
  it('reads what src/testing/fake-search-server answers, so CLI end-to-end runs work', async () => {
    const fake = await startFakeSearchServer((query) => [
      {
        title: `About ${query}`,
        url: 'https://example.com/a',
        content: 'A page',
        publishedDate: '2025-01-02T00:00:00Z',
      },
    ]);
    try {
      const results = await createSearxngSearch({ baseURL: fake.url, env: {} }).search({ query: 'otters' });
      expect(fake.queries).toEqual(['otters']);
      expect(results).toEqual([
        {
          title: 'About otters',
          url: 'https://example.com/a',
          snippet: 'A page',
          publishedAt: '2025-01-02T00:00:00.000Z',
          provider: 'searxng',
        },
      ]);
    } finally {
      await fake.close();
    }
  });
});
