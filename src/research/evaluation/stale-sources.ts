import type { Finding, Reference } from '../../contract/index.js';
import { withinTimeRange } from '../../search/index.js';
import { canonicalUrl, toIsoDate } from '../../shared/index.js';
import { recencyWindow, type SearchWindow } from '../sources/search-window.js';
import { MAX_ITEM_CHARS } from './measure.js';

/** A cited source and the date it was published, as its page or finding gave it (any format). */
export interface DatedReference {
  url: string;
  publishedAt: string | undefined;
}

/** What dates a reference: its finding's date, else its page's. */
export interface DatingRecords {
  evidence: { findings: { all: readonly Finding[] } };
  sources: { pages: ReadonlyMap<string, { publishedAt?: string | undefined }> };
}

/** The date a reference's source was published, as its finding or page gave it; undefined when unknown. */
export function referenceDate(run: DatingRecords, reference: Reference): string | undefined {
  const finding = reference.findingId
    ? run.evidence.findings.all.find((item) => item.id === reference.findingId)
    : undefined;
  return finding?.publishedAt ?? run.sources.pages.get(canonicalUrl(reference.url))?.publishedAt;
}

/** A cited source dated before the window the question asks for. */
export interface StaleReference {
  /** Its number in the answer's references (1-based). */
  number: number;
  url: string;
  /** The day it was published (`2001-05-04`). */
  day: string;
}

/**
 * The references dated before `window` ("this week", and a source of 2001), each once, with its
 * day; none without a window. Undated sources are not named: nothing shows them old.
 */
export function staleReferences(
  window: SearchWindow | undefined,
  references: readonly DatedReference[],
  now: Date,
): StaleReference[] {
  if (!window) return [];
  const stale: StaleReference[] = [];
  references.forEach(({ url, publishedAt }, index) => {
    const day = toIsoDate(publishedAt, { now })?.slice(0, 10);
    if (!day || stale.some((item) => item.url === url)) return;
    if (!withinTimeRange(publishedAt, window.range, now)) stale.push({ number: index + 1, url, day });
  });
  return stale;
}

/**
 * The window a question holds its answer's sources to: the one its recency words and dates ask
 * for ("this week", "latest", "3 days ago"), when narrower than a year. A year-wide window comes
 * from words of the present state ("current", "now", "this year") or a date months back, which a
 * page written earlier still states truly (a height, a population); the final evaluation names
 * such sources among its weaknesses, but they do not keep the run from ending `completed`.
 */
export function enforcedWindow(question: string, now: Date): SearchWindow | undefined {
  const window = recencyWindow({ question, freshnessFailed: false, now });
  return window && window.range !== 'year' ? window : undefined;
}

/** "the last week the question asks about (inferred from "this week" in the question)". */
export function describeWindow(window: SearchWindow): string {
  return `the last ${window.range} the question asks about${window.reason ? ` (${window.reason})` : ''}`;
}

/**
 * The weakness naming the cited sources dated before the window the question asks for, each with
 * its date; none when there is no window or every dated source falls within it.
 */
export function staleSourcesLine(
  window: SearchWindow | undefined,
  references: readonly DatedReference[],
  now: Date,
): string[] {
  const stale = staleReferences(window, references, now);
  if (!window || stale.length === 0) return [];
  const named = stale.map((item) => `${item.url} (${item.day})`).join(', ');
  const line = `Sources older than ${describeWindow(window)}: ${named}.`;
  return [line.slice(0, MAX_ITEM_CHARS)];
}
