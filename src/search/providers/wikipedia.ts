import { z } from 'zod';
import { SearchError } from '../errors.js';
import { htmlToText } from '../html-text.js';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { baseLanguage, clampCount, sitesAllow } from '../query-syntax.js';
import type { SearchProvider } from '../types.js';

const wikipediaResponse = z.object({
  query: z
    .object({
      search: z.array(z.object({ title: z.string(), snippet: z.string().nullish() })),
    })
    .nullish(),
  error: z.object({ code: z.string(), info: z.string().nullish() }).nullish(),
});

/** Wikipedia settings: the common ones plus the default language edition. */
export interface WikipediaSearchSettings extends SearchProviderSettings {
  /** Edition used when a request names no language (default `en`). */
  language?: string;
}

/** Placeholder in `baseURL` replaced by the edition's language code. */
const LANGUAGE_PLACEHOLDER = '{language}';

/** `/wiki/` path of a title: spaces become underscores, `/` and `:` stay readable. */
function articlePath(title: string): string {
  return encodeURIComponent(title.replace(/ /g, '_')).replace(/%2F/g, '/').replace(/%3A/g, ':');
}

/**
 * Wikipedia through the MediaWiki search API (`/w/api.php?action=query&list=search`), any
 * language edition: the request's language picks `{language}.wikipedia.org`. Snippets lose their
 * highlight markup; URLs are built from titles. With `sites` that exclude wikipedia.org it returns
 * no results without calling. No time filter exists.
 */
export function createWikipediaSearch(settings: WikipediaSearchSettings = {}): SearchProvider {
  const context = createProviderContext(
    { id: 'wikipedia', name: 'Wikipedia', defaultBaseURL: `https://${LANGUAGE_PLACEHOLDER}.wikipedia.org` },
    settings,
  );
  return {
    id: 'wikipedia',
    async search(request) {
      if (!sitesAllow(request.sites, 'wikipedia.org')) return [];
      const language = baseLanguage(request.language ?? settings.language ?? 'en').replace(/[^a-z-]/g, '');
      const base = context.baseURL.replace(LANGUAGE_PLACEHOLDER, language || 'en');
      const url = new URL(`${base}/w/api.php`);
      url.searchParams.set('action', 'query');
      url.searchParams.set('list', 'search');
      url.searchParams.set('srsearch', request.query);
      url.searchParams.set('srlimit', String(clampCount(request.count, 10, 50)));
      url.searchParams.set('srprop', 'snippet');
      url.searchParams.set('format', 'json');
      url.searchParams.set('formatversion', '2');
      const body = await context.http.json({ url, signal: request.signal }, wikipediaResponse);
      if (body.error) {
        throw new SearchError({
          code: 'http_error',
          provider: 'wikipedia',
          message: `Wikipedia refused the search (${body.error.code}: ${body.error.info ?? 'no details'}).`,
        });
      }
      return (body.query?.search ?? []).map((hit) => ({
        title: hit.title,
        url: `${base}/wiki/${articlePath(hit.title)}`,
        snippet: htmlToText(hit.snippet ?? ''),
        provider: 'wikipedia',
      }));
    },
  };
}
