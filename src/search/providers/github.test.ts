import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createGithubSearch } from './github.js';

const repositories = {
  total_count: 2,
  incomplete_results: false,
  items: [
    {
      full_name: 'vercel/ai',
      html_url: 'https://github.com/vercel/ai',
      description: 'The AI Toolkit for TypeScript',
      pushed_at: '2026-11-20T10:00:00Z',
    },
    { full_name: 'openai/openai-node', html_url: 'https://github.com/openai/openai-node', description: null },
  ],
};

const code = {
  total_count: 1,
  incomplete_results: false,
  items: [
    {
      name: 'stream.ts',
      path: 'src/stream.ts',
      html_url: 'https://github.com/vercel/ai/blob/main/src/stream.ts',
      repository: { full_name: 'vercel/ai' },
      text_matches: [
        { fragment: 'export function streamText(\n  options' },
        { fragment: 'streamText again' },
      ],
    },
  ],
};

describe('createGithubSearch', () => {
  it('without a token searches repositories only, with description snippets and pushed dates', async () => {
    const server = await serve({ body: repositories });
    const results = await createGithubSearch(testSettings(server, {})).search({
      query: 'ai sdk',
      timeRange: 'week',
    });
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0];
    expect(request?.url.pathname).toBe('/search/repositories');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.url.searchParams.get('q')).toMatch(/^ai sdk pushed:>=\d{4}-\d{2}-\d{2}$/);
    expect(results[0]).toEqual({
      title: 'vercel/ai',
      url: 'https://github.com/vercel/ai',
      snippet: 'The AI Toolkit for TypeScript',
      publishedAt: '2026-11-20T10:00:00.000Z',
      provider: 'github',
    });
  });

  it('with GITHUB_TOKEN also searches code with text matches, interleaving both kinds', async () => {
    const server = await serve((request) => ({
      body: request.url.pathname === '/search/code' ? code : repositories,
    }));
    const github = createGithubSearch({ ...testSettings(server, {}), env: { GITHUB_TOKEN: 'ghp_test' } });
    const results = await github.search({ query: 'streamText', count: 3 });
    const codeRequest = server.requests.find((request) => request.url.pathname === '/search/code');
    expect(codeRequest?.headers.authorization).toBe('Bearer ghp_test');
    expect(codeRequest?.headers.accept).toBe('application/vnd.github.text-match+json');
    expect(codeRequest?.url.searchParams.get('per_page')).toBe('3');
    expect(results.map((result) => result.url)).toEqual([
      'https://github.com/vercel/ai',
      'https://github.com/vercel/ai/blob/main/src/stream.ts',
      'https://github.com/openai/openai-node',
    ]);
    expect(results[1]).toMatchObject({
      title: 'vercel/ai: src/stream.ts',
      snippet: 'export function streamText( options … streamText again',
    });
  });

  it('asks for GITHUB_TOKEN when code search is requested without one', async () => {
    const server = await serve({ body: code });
    await expect(
      createGithubSearch({ ...testSettings(server, {}), kinds: ['code'] }).search({ query: 'x' }),
    ).rejects.toMatchObject({ code: 'missing_api_key', variable: 'GITHUB_TOKEN' });
  });

  it('reads an exhausted rate limit (403 + x-ratelimit-remaining: 0) as rate_limited, bad credentials as authentication', async () => {
    const reset = Math.floor(Date.now() / 1000) + 60;
    const limited = await serve({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      body: { message: 'API rate limit exceeded for 1.2.3.4.', documentation_url: 'https://docs.github.com' },
    });
    const error = await createGithubSearch(testSettings(limited, {}))
      .search({ query: 'x' })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'rate_limited', statusCode: 403 });
    expect((error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(50_000);
    const badToken = await serve({ status: 401, body: { message: 'Bad credentials' } });
    await expect(
      createGithubSearch({ ...testSettings(badToken, {}), apiKey: 'wrong' }).search({ query: 'x' }),
    ).rejects.toMatchObject({ code: 'authentication', message: expect.stringContaining('GITHUB_TOKEN') });
  });
});
