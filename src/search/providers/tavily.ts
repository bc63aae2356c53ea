import { z } from 'zod';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { clampCount, dayGrainedRange } from '../query-syntax.js';
import type { SearchProvider } from '../types.js';
import { withDate } from './result.js';

const tavilyResponse = z.object({
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      content: z.string().nullish(),
      published_date: z.string().nullish(),
    }),
  ),
});

/**
 * Tavily (`POST https://api.tavily.com/search`, Bearer key TAVILY_API_KEY). Maps count
 * (`max_results`, max 20), `time_range` (a day for the last hour) and `include_domains`; Tavily has no language filter.
 */
export function createTavilySearch(settings: SearchProviderSettings = {}): SearchProvider {
  const context = createProviderContext(
    {
      id: 'tavily',
      name: 'Tavily',
      keyVariable: 'TAVILY_API_KEY',
      defaultBaseURL: 'https://api.tavily.com',
      // 432: plan limit reached; 433: pay-as-you-go limit reached.
      interpretError: (reply) =>
        reply.status === 432 || reply.status === 433 ? { code: 'quota_exceeded' } : undefined,
    },
    settings,
  );
  return {
    id: 'tavily',
    async search(request) {
      const payload: Record<string, unknown> = {
        query: request.query,
        max_results: clampCount(request.count, 10, 20),
        search_depth: 'basic',
      };
      if (request.timeRange) payload.time_range = dayGrainedRange(request.timeRange);
      if (request.sites && request.sites.length > 0) payload.include_domains = request.sites;
      const body = await context.http.json(
        {
          url: new URL(`${context.baseURL}/search`),
          method: 'POST',
          headers: { authorization: `Bearer ${context.apiKey()}` },
          json: payload,
          signal: request.signal,
        },
        tavilyResponse,
      );
      return body.results.map((result) => ({
        title: result.title,
        url: result.url,
        snippet: result.content ?? '',
        ...withDate(context.resultDate(result.published_date)),
        provider: 'tavily',
      }));
    },
  };
}
