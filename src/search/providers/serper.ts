import { z } from 'zod';
import { isRecord, messageInBody } from '../http-errors.js';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { clampCount, googleTimeRange, regionOfLanguage, withSiteOperators } from '../query-syntax.js';
import type { SearchProvider } from '../types.js';
import { withDate } from './result.js';

const serperResponse = z.object({
  organic: z
    .array(
      z.object({
        title: z.string(),
        link: z.string(),
        snippet: z.string().nullish(),
        date: z.string().nullish(),
      }),
    )
    .nullish(),
});

/**
 * Google results through Serper (`POST https://google.serper.dev/search`, header X-API-KEY, key
 * SERPER_API_KEY). Maps count (`num`, max 100), `hl` (+ `gl` from a regional code), time range (`tbs` qdr:h/d/w/m/y) and `site:`.
 */
export function createSerperSearch(settings: SearchProviderSettings = {}): SearchProvider {
  const context = createProviderContext(
    {
      id: 'serper',
      name: 'Serper',
      keyVariable: 'SERPER_API_KEY',
      defaultBaseURL: 'https://google.serper.dev',
      // Serper answers an exhausted balance with 400 {"message": "Not enough credits"}.
      interpretError: (_reply, body) => {
        const message = isRecord(body) ? messageInBody(body) : undefined;
        return message && /credits?/i.test(message) ? { code: 'quota_exceeded' } : undefined;
      },
    },
    settings,
  );
  return {
    id: 'serper',
    async search(request) {
      const payload: Record<string, unknown> = {
        q: withSiteOperators(request.query, request.sites),
        num: clampCount(request.count, 10, 100),
      };
      if (request.language) {
        payload.hl = request.language;
        const region = regionOfLanguage(request.language);
        if (region) payload.gl = region;
      }
      if (request.timeRange) payload.tbs = googleTimeRange[request.timeRange];
      const body = await context.http.json(
        {
          url: new URL(`${context.baseURL}/search`),
          method: 'POST',
          headers: { 'x-api-key': context.apiKey() },
          json: payload,
          signal: request.signal,
        },
        serperResponse,
      );
      return (body.organic ?? []).map((result) => ({
        title: result.title,
        url: result.link,
        snippet: result.snippet ?? '',
        ...withDate(context.resultDate(result.date)),
        provider: 'serper',
      }));
    },
  };
}
