import type { DOMParser } from 'linkedom';
import { toIsoDate } from '../../shared/index.js';
import { SearchError } from '../errors.js';
import { invalidResponse } from '../http-client.js';
import { createProviderContext, type SearchProviderSettings } from '../provider-settings.js';
import { clampCount, sitesAllow, startOfRange } from '../query-syntax.js';
import type { SearchProvider, SearchResult } from '../types.js';
import { withDate } from './result.js';

const identity = { id: 'arxiv', name: 'arXiv' } as const;

/** arXiv's date syntax in `submittedDate:[from TO to]`: YYYYMMDDHHMM in GMT. */
function arxivDate(date: Date): string {
  return date.toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/** Words that arXiv's index drops; AND-ing them would match nothing. */
const stopWords = new Set(
  'a an and are as at be by for from has have how in is it of on or that the to was what when where which who why with'.split(
    ' ',
  ),
);

/**
 * arXiv query syntax for free text: each remaining word as `all:word`, AND-ed, quoted phrases kept
 * together. Queries already written in arXiv syntax (`ti:`, `au:`, `abs:`, `cat:`...) pass through.
 */
export function arxivQuery(text: string): string {
  if (/\b(ti|au|abs|co|jr|cat|rn|id|all):/.test(text)) return text;
  const terms = [...text.matchAll(/"([^"]+)"|([\p{L}\p{N}][\p{L}\p{N}.+-]*)/gu)]
    .map((match) => (match[1] ? `"${match[1].trim()}"` : (match[2] ?? '').replace(/[.+-]+$/, '')))
    .filter((term) => term && !stopWords.has(term.toLowerCase()));
  if (terms.length === 0) return `all:${text.trim()}`;
  return terms.map((term) => `all:${term}`).join(' AND ');
}

/**
 * arXiv papers through its Atom API (`GET http://export.arxiv.org/api/query?search_query=all:...`):
 * free text becomes AND-ed `all:` terms (see `arxivQuery`).
 * Maps count (`max_results`, max 100) and time range (a `submittedDate` range); with `sites` that
 * exclude arxiv.org it returns no results without calling. arXiv has no language filter.
 */
export function createArxivSearch(settings: SearchProviderSettings = {}): SearchProvider {
  const context = createProviderContext(
    { ...identity, defaultBaseURL: 'https://export.arxiv.org' },
    settings,
  );
  return {
    id: 'arxiv',
    async search(request) {
      if (!sitesAllow(request.sites, 'arxiv.org')) return [];
      let query = arxivQuery(request.query);
      if (request.timeRange) {
        const now = new Date();
        query = `(${query}) AND submittedDate:[${arxivDate(startOfRange(request.timeRange, now))} TO ${arxivDate(now)}]`;
      }
      const url = new URL(`${context.baseURL}/api/query`);
      url.searchParams.set('search_query', query);
      url.searchParams.set('start', '0');
      url.searchParams.set('max_results', String(clampCount(request.count, 10, 100)));
      url.searchParams.set('sortBy', 'relevance');
      const reply = await context.http.text({
        url,
        headers: { accept: 'application/atom+xml' },
        signal: request.signal,
      });
      // linkedom (some 120 modules) loads when arXiv first answers, not in every command.
      const linkedom = await import('linkedom');
      return parseArxivFeed(reply.body, new linkedom.DOMParser());
    },
  };
}

/** Entries of an arXiv Atom feed; an error entry (id …/api/errors#…) becomes a SearchError. */
export function parseArxivFeed(xml: string, parser: DOMParser): SearchResult[] {
  const document = parser.parseFromString(xml, 'text/xml');
  if (document.getElementsByTagName('feed').length === 0) {
    throw invalidResponse(identity, 'no Atom <feed> element');
  }
  const results: SearchResult[] = [];
  for (const entry of [...document.getElementsByTagName('entry')]) {
    const text = (name: string) =>
      (entry.getElementsByTagName(name)[0]?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const id = text('id');
    if (id.includes('/api/errors')) {
      throw new SearchError({
        code: 'http_error',
        provider: identity.id,
        statusCode: 400,
        message: `arXiv refused the query (${text('summary') || 'no details'}). Simplify the query.`,
      });
    }
    const alternate = [...entry.getElementsByTagName('link')].find(
      (link) => link.getAttribute('rel') === 'alternate',
    );
    const url = (alternate?.getAttribute('href') ?? id).replace(/^http:\/\//, 'https://');
    if (!url) continue;
    results.push({
      title: text('title'),
      url,
      snippet: text('summary'),
      ...withDate(toIsoDate(text('published'))),
      provider: identity.id,
    });
  }
  return results;
}
