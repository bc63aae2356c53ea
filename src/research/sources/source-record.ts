import type { Source } from '../../reader/index.js';
import { canonicalUrl } from '../../shared/index.js';
import type { CorpusProgress } from './corpus-progress.js';
import type { HostRules } from './hosts.js';
import { createUrlPool, type UrlPool } from './url-pool.js';

/** What the run found and read: the URL pool, the pages read, the queries searched, its corpus calls. */
export interface SourceRecord {
  /** URLs found by search, ranked; those read (or tried) are marked read. */
  pool: UrlPool;
  /** Pages read, by canonical URL (the asked-for and the final URL). */
  pages: Map<string, Source>;
  /** Keys of the queries searched (words, window and language), in order. */
  queries: string[];
  /**
   * Ids of the sub-questions a web search named, and `WHOLE_QUESTION` for a search that named none
   * (it served the whole question): what tells a sub-question never searched from one searched in vain.
   */
  searchedFor: Set<string>;
  /** What the run did with its local corpora, when it has any (see `corpusProgress`). */
  corpus?: CorpusProgress;
}

/** What `SourceRecord.searchedFor` holds for a search that named no sub-question. */
export const WHOLE_QUESTION = '*';

/** An empty record whose pool applies the run's host rules. */
export function createSourceRecord(rules: HostRules): SourceRecord {
  return { pool: createUrlPool(rules), pages: new Map(), queries: [], searchedFor: new Set() };
}

/**
 * Whether anything was searched for a sub-question: a web search naming it or naming none, or any
 * search of the run's corpora (corpus searches name no sub-question).
 */
export function wasSearchedFor(sources: Pick<SourceRecord, 'searchedFor' | 'corpus'>, id: string): boolean {
  return (
    sources.searchedFor.has(id) ||
    sources.searchedFor.has(WHOLE_QUESTION) ||
    (sources.corpus?.searches.size ?? 0) > 0
  );
}

/** Stores a page under its asked-for and final URL. */
export function storePage(sources: SourceRecord, page: Source): void {
  sources.pages.set(canonicalUrl(page.url), page);
  sources.pages.set(canonicalUrl(page.finalUrl), page);
}

/** Stores a page just read and marks both its URLs read in the pool. */
export function rememberPage(sources: SourceRecord, page: Source): void {
  storePage(sources, page);
  sources.pool.markRead(page.url);
  sources.pool.markRead(page.finalUrl);
}

/** Whether a URL was read (or tried) already. */
export function wasRead(sources: SourceRecord, url: string): boolean {
  return sources.pool.hasRead(url) || sources.pages.has(canonicalUrl(url));
}

/** The page stored for a URL, if it was read. */
export function pageAt(sources: SourceRecord, url: string): Source | undefined {
  return sources.pages.get(canonicalUrl(url));
}

/** Distinct pages read, in the order they were read. */
export function readPages(sources: SourceRecord): Source[] {
  return [...new Map([...sources.pages.values()].map((page) => [page.url, page])).values()];
}
