import { z } from 'zod';
import { htmlToText } from '../html-text.js';
import { isRecord } from '../http-errors.js';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import {
  baseLanguage,
  clampCount,
  dayGrainedRange,
  regionOfLanguage,
  withSiteOperators,
} from '../query-syntax.js';
import type { SearchProvider, TimeRange } from '../types.js';
import { withDate } from './result.js';

/** Day at the finest: `hour` asks for the day (see `dayGrainedRange`). */
const freshness: Record<Exclude<TimeRange, 'hour'>, string> = {
  day: 'pd',
  week: 'pw',
  month: 'pm',
  year: 'py',
};

const braveResponse = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          title: z.string(),
          url: z.string(),
          description: z.string().nullish(),
          page_age: z.string().nullish(),
        }),
      ),
    })
    .nullish(),
});

/** Brave's `search_lang` codes that differ from the language's primary subtag. */
const braveLanguages: Record<string, string> = {
  ja: 'jp',
  zh: 'zh-hans',
  'zh-cn': 'zh-hans',
  'zh-tw': 'zh-hant',
  'zh-hk': 'zh-hant',
  pt: 'pt-pt',
  'pt-br': 'pt-br',
  'pt-pt': 'pt-pt',
  'en-gb': 'en-gb',
  no: 'nb',
};

function braveLanguage(language: string): string {
  const lower = language.toLowerCase();
  return braveLanguages[lower] ?? braveLanguages[baseLanguage(lower)] ?? baseLanguage(lower);
}

/**
 * Brave Search web API (`GET /res/v1/web/search`, header X-Subscription-Token, key BRAVE_API_KEY).
 * Maps count (max 20), `search_lang` (+ `country` from a regional code), freshness pd/pw/pm/py (the last hour asks for pd) and `site:` operators.
 */
export function createBraveSearch(settings: SearchProviderSettings = {}): SearchProvider {
  const context = createProviderContext(
    {
      id: 'brave',
      name: 'Brave Search',
      keyVariable: 'BRAVE_API_KEY',
      defaultBaseURL: 'https://api.search.brave.com',
      // Brave reports limits as {"error": {"code": "RATE_LIMITED" | "QUOTA_LIMITED", "detail": ...}}.
      interpretError: (_reply, body) => {
        const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
        if (error?.code === 'QUOTA_LIMITED') return { code: 'quota_exceeded' };
        if (error?.code === 'RATE_LIMITED') return { code: 'rate_limited' };
        if (error?.code === 'SUBSCRIPTION_TOKEN_INVALID') return { code: 'authentication' };
        return undefined;
      },
    },
    settings,
  );
  return {
    id: 'brave',
    async search(request) {
      const url = new URL(`${context.baseURL}/res/v1/web/search`);
      url.searchParams.set('q', withSiteOperators(request.query, request.sites));
      url.searchParams.set('count', String(clampCount(request.count, 10, 20)));
      if (request.language) {
        url.searchParams.set('search_lang', braveLanguage(request.language));
        const region = regionOfLanguage(request.language);
        if (region) url.searchParams.set('country', region.toUpperCase());
      }
      if (request.timeRange) url.searchParams.set('freshness', freshness[dayGrainedRange(request.timeRange)]);
      const body = await context.http.json(
        { url, headers: { 'x-subscription-token': context.apiKey() }, signal: request.signal },
        braveResponse,
      );
      return (body.web?.results ?? []).map((result) => ({
        title: htmlToText(result.title),
        url: result.url,
        snippet: htmlToText(result.description ?? ''),
        ...withDate(context.resultDate(result.page_age)),
        provider: 'brave',
      }));
    },
  };
}
