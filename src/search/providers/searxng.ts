import { z } from 'zod';
import { ConfigError } from '../../errors.js';
import { SearchError } from '../errors.js';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { clampCount, dayGrainedRange, withSiteOperators } from '../query-syntax.js';
import type { SearchProvider } from '../types.js';
import { withDate } from './result.js';

const searxngResponse = z.object({
  results: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string(),
      content: z.string().nullish(),
      publishedDate: z.string().nullish(),
    }),
  ),
  unresponsive_engines: z.array(z.array(z.string())).nullish(),
});

/** SearXNG settings: the common ones (baseURL = the instance) plus engine and category choice. */
export interface SearxngSearchSettings extends SearchProviderSettings {
  /** Comma-separated SearXNG engines to use (default: the instance's). */
  engines?: string;
  /** Comma-separated categories (default: the instance's, usually `general`). */
  categories?: string;
}

/**
 * A self-hosted SearXNG instance through its JSON API (`GET {SEARXNG_URL}/search?format=json`).
 * The base URL comes from `baseURL` or SEARXNG_URL, read at call time. Maps language, time range
 * and `site:`; count is applied by cutting the first page. When every engine failed the error names
 * them instead of returning an empty list.
 */
export function createSearxngSearch(settings: SearxngSearchSettings = {}): SearchProvider {
  const context = createProviderContext(
    {
      id: 'searxng',
      name: 'SearXNG',
      defaultBaseURL: '',
      // A 403 means the instance does not serve JSON, not that a key is wrong.
      interpretError: (reply) =>
        reply.status === 403
          ? {
              code: 'http_error',
              detail:
                'the JSON format is disabled on this instance; add "json" to search.formats in settings.yml',
            }
          : undefined,
    },
    settings,
  );
  return {
    id: 'searxng',
    async search(request) {
      const base = (context.baseURL || (settings.env ?? process.env).SEARXNG_URL?.trim() || '').replace(
        /\/+$/,
        '',
      );
      if (!base) {
        throw new ConfigError(
          'SEARXNG_URL is not set; pass --searxng-url or set SEARXNG_URL to use SearXNG.',
          {
            problem: 'missing_base_url',
            key: 'search',
            provider: 'searxng',
            variable: 'SEARXNG_URL',
            setting: 'searxngUrl',
          },
        );
      }
      const url = new URL(`${base}/search`);
      url.searchParams.set('q', withSiteOperators(request.query, request.sites));
      url.searchParams.set('format', 'json');
      url.searchParams.set('pageno', '1');
      if (request.language) url.searchParams.set('language', request.language);
      if (request.timeRange) url.searchParams.set('time_range', dayGrainedRange(request.timeRange));
      if (settings.engines) url.searchParams.set('engines', settings.engines);
      if (settings.categories) url.searchParams.set('categories', settings.categories);
      const body = await context.http.json({ url, signal: request.signal }, searxngResponse);
      const failed = body.unresponsive_engines ?? [];
      if (body.results.length === 0 && failed.length > 0) {
        const names = failed.map(([engine, reason]) => `${engine}${reason ? ` (${reason})` : ''}`).join(', ');
        throw new SearchError({
          code: 'http_error',
          provider: 'searxng',
          message: `SearXNG returned no results because its engines failed: ${names}. Check the instance's engines or try again later.`,
        });
      }
      return body.results.slice(0, clampCount(request.count, 10, 100)).map((result) => ({
        title: result.title?.trim() || result.url,
        url: result.url,
        snippet: result.content ?? '',
        ...withDate(context.resultDate(result.publishedDate)),
        provider: 'searxng',
      }));
    },
  };
}
