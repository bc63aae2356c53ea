import type { parseHTML } from 'linkedom';
import { SearchError } from '../errors.js';
import { invalidResponse } from '../http-client.js';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { baseLanguage, clampCount, dayGrainedRange, withSiteOperators } from '../query-syntax.js';
import type { SearchProvider, SearchResult, TimeRange } from '../types.js';
import { withDate } from './result.js';

/** A page as linkedom parses it. */
type ParsedDocument = ReturnType<typeof parseHTML>['document'];

/** Day at the finest: `hour` asks for the day (see `dayGrainedRange`). */
const dateFilter: Record<Exclude<TimeRange, 'hour'>, string> = { day: 'd', week: 'w', month: 'm', year: 'y' };

/** DuckDuckGo regions (`kl`, country-language) for languages whose code is not also a country. */
const duckDuckGoRegions: Record<string, string> = {
  en: 'us-en',
  ja: 'jp-jp',
  zh: 'cn-zh',
  ko: 'kr-kr',
  sv: 'se-sv',
  da: 'dk-da',
  cs: 'cz-cs',
  el: 'gr-el',
  he: 'il-he',
  uk: 'ua-uk',
  vi: 'vn-vi',
  et: 'ee-et',
  ca: 'es-ca',
};

/** `de` → `de-de`, `pt-BR` → `br-pt`, `en` → `us-en`. */
export function duckDuckGoRegion(language: string): string {
  const [lang = '', country] = language.toLowerCase().split(/[-_]/);
  if (country && /^[a-z]{2}$/.test(country)) return `${country}-${lang}`;
  return duckDuckGoRegions[lang] ?? `${lang}-${lang}`;
}

/** The target of a `//duckduckgo.com/l/?uddg=<url>` redirect; other links as they are. */
export function unwrapDuckDuckGoLink(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, 'https://duckduckgo.com');
  } catch {
    return undefined;
  }
  const target = url.searchParams.get('uddg');
  if (target) return target;
  // Ads go through duckduckgo.com/y.js; everything else on duckduckgo.com is navigation.
  if (url.hostname.endsWith('duckduckgo.com')) return undefined;
  return url.href;
}

/**
 * DuckDuckGo without a key, through its HTML endpoint (`POST https://html.duckduckgo.com/html/`).
 * Maps region (`kl` from the language), time range (`df`) and `site:`; ads are skipped. A
 * captcha/anomaly page is reported as `rate_limited`, a page without results markup as
 * `invalid_response`.
 */
export function createDuckDuckGoSearch(settings: SearchProviderSettings = {}): SearchProvider {
  const identity = { id: 'duckduckgo', name: 'DuckDuckGo' } as const;
  const context = createProviderContext(
    {
      ...identity,
      defaultBaseURL: 'https://html.duckduckgo.com',
      // DuckDuckGo answers bursts from one address with 403 as well as with its bot-check page.
      interpretError: (reply) =>
        reply.status === 403 ? { code: 'rate_limited', detail: 'blocked as automated traffic' } : undefined,
    },
    settings,
  );
  return {
    id: 'duckduckgo',
    async search(request) {
      const form = new URLSearchParams({ q: withSiteOperators(request.query, request.sites) });
      form.set('kl', request.language ? duckDuckGoRegion(request.language) : 'wt-wt');
      if (request.timeRange) form.set('df', dateFilter[dayGrainedRange(request.timeRange)]);
      const reply = await context.http.text({
        url: new URL(`${context.baseURL}/html/`),
        method: 'POST',
        form,
        headers: {
          accept: 'text/html',
          'accept-language': request.language ? baseLanguage(request.language) : 'en',
        },
        signal: request.signal,
      });
      // linkedom (some 120 modules) loads when DuckDuckGo first answers, not in every command.
      const { parseHTML } = await import('linkedom');
      const { document } = parseHTML(reply.body);
      return parseDuckDuckGoHtml(document, reply.status).slice(0, clampCount(request.count, 10, 30));
    },
  };

  function parseDuckDuckGoHtml(document: ParsedDocument, status: number): SearchResult[] {
    if (
      status === 202 ||
      document.querySelector('.anomaly-modal, #challenge-form, form[action*="anomaly"]')
    ) {
      throw new SearchError({
        code: 'rate_limited',
        provider: identity.id,
        statusCode: status,
        message:
          'DuckDuckGo answered with a bot check instead of results (too many requests). Wait a few minutes, or use another search provider.',
      });
    }
    const blocks = [...document.querySelectorAll('.result')];
    if (blocks.length === 0) {
      if (document.querySelector('.no-results, .result--no-result')) return [];
      throw invalidResponse(identity, 'no result blocks and no "no results" marker in the HTML');
    }
    const results: SearchResult[] = [];
    for (const block of blocks) {
      if (block.classList.contains('result--ad')) continue;
      const link = block.querySelector('.result__a');
      const url = unwrapDuckDuckGoLink(link?.getAttribute('href') ?? '');
      if (!link || !url) continue;
      const extras = block.querySelector('.result__extras')?.textContent ?? '';
      const date = /\d{4}-\d{2}-\d{2}T[\d:.]+/.exec(extras)?.[0];
      results.push({
        title: clean(link.textContent),
        url,
        snippet: clean(block.querySelector('.result__snippet')?.textContent),
        ...withDate(context.resultDate(date)),
        provider: identity.id,
      });
    }
    return results;
  }
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
