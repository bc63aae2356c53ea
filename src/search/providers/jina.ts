import { z } from 'zod';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { baseLanguage, clampCount, regionOfLanguage } from '../query-syntax.js';
import type { SearchProvider } from '../types.js';
import { withDate } from './result.js';

const jinaResponse = z.object({
  data: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string(),
      description: z.string().nullish(),
      content: z.string().nullish(),
      date: z.string().nullish(),
      publishedTime: z.string().nullish(),
    }),
  ),
});

/**
 * Jina search (`GET https://s.jina.ai/?q=...`, Bearer key JINA_API_KEY, Accept: application/json).
 * Asks for the result list only (X-Respond-With: no-content) and maps count (`num`, max 20),
 * language (`hl`, + `gl` from a regional code) and sites (`site`, repeatable); Jina has no time filter.
 */
export function createJinaSearch(settings: SearchProviderSettings = {}): SearchProvider {
  const context = createProviderContext(
    { id: 'jina', name: 'Jina Search', keyVariable: 'JINA_API_KEY', defaultBaseURL: 'https://s.jina.ai' },
    settings,
  );
  return {
    id: 'jina',
    async search(request) {
      const count = clampCount(request.count, 10, 20);
      const url = new URL(`${context.baseURL}/`);
      url.searchParams.set('q', request.query);
      url.searchParams.set('num', String(count));
      if (request.language) {
        url.searchParams.set('hl', baseLanguage(request.language));
        const region = regionOfLanguage(request.language);
        if (region) url.searchParams.set('gl', region);
      }
      for (const site of request.sites ?? []) url.searchParams.append('site', site);
      const body = await context.http.json(
        {
          url,
          headers: { authorization: `Bearer ${context.apiKey()}`, 'x-respond-with': 'no-content' },
          signal: request.signal,
        },
        jinaResponse,
      );
      return body.data.slice(0, count).map((result) => ({
        title: result.title?.trim() || result.url,
        url: result.url,
        snippet: result.description || result.content?.slice(0, 500) || '',
        ...withDate(context.resultDate(result.date ?? result.publishedTime)),
        provider: 'jina',
      }));
    },
  };
}
