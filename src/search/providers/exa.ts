import { z } from 'zod';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { clampCount, startOfRange } from '../query-syntax.js';
import type { SearchProvider } from '../types.js';
import { withDate } from './result.js';

/** Characters of highlighted text asked for per result, used as the snippet. */
const HIGHLIGHT_CHARACTERS = 400;

const exaResponse = z.object({
  results: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string(),
      publishedDate: z.string().nullish(),
      highlights: z.array(z.string()).nullish(),
      summary: z.string().nullish(),
      text: z.string().nullish(),
    }),
  ),
});

/**
 * Exa (`POST https://api.exa.ai/search`, header x-api-key, key EXA_API_KEY). Maps count
 * (`numResults`, max 100), `includeDomains` and time range as `startPublishedDate`; asks for short
 * highlights to use as snippets. Exa has no language filter.
 */
export function createExaSearch(settings: SearchProviderSettings = {}): SearchProvider {
  const context = createProviderContext(
    { id: 'exa', name: 'Exa', keyVariable: 'EXA_API_KEY', defaultBaseURL: 'https://api.exa.ai' },
    settings,
  );
  return {
    id: 'exa',
    async search(request) {
      const payload: Record<string, unknown> = {
        query: request.query,
        numResults: clampCount(request.count, 10, 100),
        contents: { highlights: { maxCharacters: HIGHLIGHT_CHARACTERS } },
      };
      if (request.sites && request.sites.length > 0) payload.includeDomains = request.sites;
      if (request.timeRange) payload.startPublishedDate = startOfRange(request.timeRange).toISOString();
      const body = await context.http.json(
        {
          url: new URL(`${context.baseURL}/search`),
          method: 'POST',
          headers: { 'x-api-key': context.apiKey() },
          json: payload,
          signal: request.signal,
        },
        exaResponse,
      );
      return body.results.map((result) => ({
        title: result.title?.trim() || result.url,
        url: result.url,
        snippet: result.highlights?.join(' … ') || result.summary || result.text?.slice(0, 500) || '',
        ...withDate(context.resultDate(result.publishedDate)),
        provider: 'exa',
      }));
    },
  };
}
