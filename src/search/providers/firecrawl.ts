import { z } from 'zod';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { clampCount, googleTimeRange, withSiteOperators } from '../query-syntax.js';
import type { SearchProvider } from '../types.js';

const webResult = z.object({
  url: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
});

/** v2 answers `data: { web: [...] }`; v1 answered `data: [...]`. Both are read. */
const firecrawlResponse = z.object({
  data: z.union([z.object({ web: z.array(webResult).nullish() }), z.array(webResult)]),
});

/**
 * Firecrawl search (`POST https://api.firecrawl.dev/v2/search`, Bearer key FIRECRAWL_API_KEY).
 * Maps count (`limit`, max 100), time range (`tbs` qdr:h/d/w/m/y) and `site:` operators; results
 * are not scraped (no `scrapeOptions`), so a search costs the minimum.
 */
export function createFirecrawlSearch(settings: SearchProviderSettings = {}): SearchProvider {
  const context = createProviderContext(
    {
      id: 'firecrawl',
      name: 'Firecrawl',
      keyVariable: 'FIRECRAWL_API_KEY',
      defaultBaseURL: 'https://api.firecrawl.dev',
    },
    settings,
  );
  return {
    id: 'firecrawl',
    async search(request) {
      const payload: Record<string, unknown> = {
        query: withSiteOperators(request.query, request.sites),
        limit: clampCount(request.count, 10, 100),
      };
      if (request.timeRange) payload.tbs = googleTimeRange[request.timeRange];
      const body = await context.http.json(
        {
          url: new URL(`${context.baseURL}/v2/search`),
          method: 'POST',
          headers: { authorization: `Bearer ${context.apiKey()}` },
          json: payload,
          signal: request.signal,
        },
        firecrawlResponse,
      );
      const results = Array.isArray(body.data) ? body.data : (body.data.web ?? []);
      return results.map((result) => ({
        title: result.title?.trim() || result.url,
        url: result.url,
        snippet: result.description ?? '',
        provider: 'firecrawl',
      }));
    },
  };
}
