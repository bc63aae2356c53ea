import type { Analysis } from './analyse.js';
import { RELATIVE_DAYS, RELATIVE_PERIODS } from './common-words.js';

const RELATIVE_MARKERS: ReadonlySet<string> = new Set(['this', 'last', 'next', 'past', 'previous', 'coming']);

/**
 * Whether a quote dates what it says relative to when its source was written ("this month", "last
 * year", "yesterday"): the year such a quote means is its source's, which the quote cannot show.
 */
export function datesRelatively(quote: Analysis): boolean {
  return quote.tokens.some((token, index) => {
    if (token.kind !== 'word') return false;
    if (RELATIVE_DAYS.has(token.folded)) return true;
    const previous = quote.tokens[index - 1];
    return (
      RELATIVE_PERIODS.has(token.folded) && previous !== undefined && RELATIVE_MARKERS.has(previous.folded)
    );
  });
}
