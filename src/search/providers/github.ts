import { z } from 'zod';
import { isRecord, messageInBody } from '../http-errors.js';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { clampCount, sitesAllow, startOfRange } from '../query-syntax.js';
import type { SearchProvider, SearchRequest, SearchResult } from '../types.js';
import { withDate } from './result.js';

/**
 * GitHub's date qualifier: the day, or for windows shorter than a day the time too (GitHub accepts
 * `YYYY-MM-DDTHH:MM:SS+00:00` after a date to search by the hour).
 */
function githubDate(start: Date, now: Date = new Date()): string {
  const iso = start.toISOString();
  return now.getTime() - start.getTime() < 24 * 60 * 60 * 1000
    ? `${iso.slice(0, 19)}+00:00`
    : iso.slice(0, 10);
}

const repositoryResponse = z.object({
  items: z.array(
    z.object({
      full_name: z.string(),
      html_url: z.string(),
      description: z.string().nullish(),
      pushed_at: z.string().nullish(),
    }),
  ),
});

const codeResponse = z.object({
  items: z.array(
    z.object({
      path: z.string(),
      html_url: z.string(),
      repository: z.object({ full_name: z.string() }),
      text_matches: z.array(z.object({ fragment: z.string().nullish() })).nullish(),
    }),
  ),
});

/** What GitHub search covers: repositories (name, description) or code (file contents). */
export type GithubSearchKind = 'repositories' | 'code';

/** GitHub settings: the common ones plus which kinds to search. */
export interface GithubSearchSettings extends SearchProviderSettings {
  /**
   * What to search (default both). Code search needs GITHUB_TOKEN; without one, the default
   * searches repositories only, and an explicit `['code']` fails with MissingApiKeyError.
   */
  kinds?: GithubSearchKind[];
}

/**
 * GitHub repositories (`/search/repositories`) and code (`/search/code`, text matches as
 * snippets), merged by alternating. Token from GITHUB_TOKEN (optional for repositories). Maps
 * count (`per_page`, max 100) and time range (`pushed:>=` for repositories); with `sites` that
 * exclude github.com it returns no results without calling.
 */
export function createGithubSearch(settings: GithubSearchSettings = {}): SearchProvider {
  const context = createProviderContext(
    {
      id: 'github',
      name: 'GitHub search',
      keyVariable: 'GITHUB_TOKEN',
      defaultBaseURL: 'https://api.github.com',
      // GitHub signals rate limits with 403 + x-ratelimit-remaining: 0, or a "secondary rate limit" message.
      interpretError: (reply, body) => {
        const exhausted = reply.headers.get('x-ratelimit-remaining') === '0';
        const message = isRecord(body) ? messageInBody(body) : undefined;
        if (reply.status !== 403 && reply.status !== 429) return undefined;
        if (!exhausted && !/rate limit/i.test(message ?? '')) return undefined;
        const reset = Number(reply.headers.get('x-ratelimit-reset'));
        return {
          code: 'rate_limited',
          retryAfterMs:
            Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - Date.now()) : undefined,
        };
      },
    },
    settings,
  );

  const headers = (token: string | undefined, accept: string) => ({
    accept,
    'x-github-api-version': '2022-11-28',
    // fetch would send an undefined header as the text "undefined".
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });

  const searchRepositories = async (request: SearchRequest, perPage: number): Promise<SearchResult[]> => {
    const url = new URL(`${context.baseURL}/search/repositories`);
    const pushed = request.timeRange ? ` pushed:>=${githubDate(startOfRange(request.timeRange))}` : '';
    url.searchParams.set('q', `${request.query}${pushed}`);
    url.searchParams.set('per_page', String(perPage));
    const body = await context.http.json(
      {
        url,
        headers: headers(context.optionalApiKey(), 'application/vnd.github+json'),
        signal: request.signal,
      },
      repositoryResponse,
    );
    return body.items.map((item) => ({
      title: item.full_name,
      url: item.html_url,
      snippet: item.description ?? '',
      ...withDate(context.resultDate(item.pushed_at)),
      provider: 'github',
    }));
  };

  const searchCode = async (request: SearchRequest, perPage: number): Promise<SearchResult[]> => {
    const url = new URL(`${context.baseURL}/search/code`);
    url.searchParams.set('q', request.query);
    url.searchParams.set('per_page', String(perPage));
    const body = await context.http.json(
      {
        url,
        headers: headers(context.apiKey(), 'application/vnd.github.text-match+json'),
        signal: request.signal,
      },
      codeResponse,
    );
    return body.items.map((item) => ({
      title: `${item.repository.full_name}: ${item.path}`,
      url: item.html_url,
      snippet: (item.text_matches ?? [])
        .map((match) => match.fragment?.replace(/\s+/g, ' ').trim() ?? '')
        .filter(Boolean)
        .join(' … '),
      provider: 'github',
    }));
  };

  return {
    id: 'github',
    async search(request) {
      if (!sitesAllow(request.sites, 'github.com')) return [];
      const count = clampCount(request.count, 10, 100);
      const kinds =
        settings.kinds ?? (context.optionalApiKey() ? ['repositories', 'code'] : ['repositories']);
      const lists = await Promise.all(
        kinds.map((kind) =>
          kind === 'code' ? searchCode(request, count) : searchRepositories(request, count),
        ),
      );
      return interleave(lists).slice(0, count);
    },
  };
}

/** First of each list, then second of each... so both kinds reach the top. */
function interleave<T>(lists: T[][]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const item = list[index];
      if (item !== undefined) merged.push(item);
    }
  }
  return merged;
}
