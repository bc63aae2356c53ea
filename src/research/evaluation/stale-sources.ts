import { withinTimeRange } from '../../search/index.js';
import { toIsoDate } from '../../shared/index.js';
import type { SearchWindow } from '../sources/search-window.js';
import { MAX_ITEM_CHARS } from './measure.js';

/** A cited source and the date it was published, as its page or finding gave it (any format). */
export interface DatedReference {
  url: string;
  publishedAt: string | undefined;
}

/**
 * The weakness naming the cited sources dated before the window the question asks for ("this
 * week" and a source of 2001), each with its date; none when there is no window or every dated
 * source falls within it. Undated sources are not named: nothing shows them old.
 */
export function staleSourcesLine(
  window: SearchWindow | undefined,
  references: readonly DatedReference[],
  now: Date,
): string[] {
  if (!window) return [];
  const stale = new Map<string, string>();
  for (const { url, publishedAt } of references) {
    const day = toIsoDate(publishedAt, { now })?.slice(0, 10);
    if (day && !stale.has(url) && !withinTimeRange(publishedAt, window.range, now)) stale.set(url, day);
  }
  if (stale.size === 0) return [];
  const named = [...stale].map(([url, day]) => `${url} (${day})`).join(', ');
  const why = window.reason ? ` (${window.reason})` : '';
  return [
    `Sources older than the last ${window.range} the question asks about${why}: ${named}.`.slice(
      0,
      MAX_ITEM_CHARS,
    ),
  ];
}
