import { parseDate } from '../../shared/index.js';
import { BESIDE_HEADLINE, textsAfter, textsBefore } from './after-headline.js';
import { normalizeSpace } from './dom.js';
import type { Element } from './tree/index.js';

/** A run of text longer than this is prose: a date in it is one the story tells of, not its own. */
const DATELINE_MAX_LENGTH = 100;
/**
 * How much text before the headline is read for a dateline set above it (a kicker "02.01.2022 |
 * Pressemitteilung"), in characters: one dateline's worth. A site's header showing today's date
 * sits further up, past its navigation.
 */
const ABOVE_HEADLINE = DATELINE_MAX_LENGTH;
/** A page's own date is no earlier than this year (the web's). */
const EARLIEST_YEAR = 1991;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A date written out with its year: `2025-09-13`, `23.07.2025`, `10/31/2024`, `20 December, 2025`,
 * `15. Mai 2019`, `5 de junio de 2024`, `Dec. 19, 2025`, `2024年6月5日`. The month may be any word:
 * `parseDate` knows which words are months, in the languages it reads.
 */
const WRITTEN_DATE = new RegExp(
  [
    '\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b',
    '\\b\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{4}\\b',
    '\\b\\d{1,2}/\\d{1,2}/\\d{4}\\b',
    '\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:de\\s+)?\\p{L}{3,12}\\.?,?\\s+(?:de\\s+)?\\d{4}\\b',
    '\\p{L}{3,12}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b',
    '\\d{4}年\\d{1,2}月\\d{1,2}日',
  ].join('|'),
  'gu',
);

/**
 * The date a page shows beside its headline (`headlineOf`), for a page whose meta tags, JSON-LD and
 * `<time>` state none: the first date written out with its year in a short run of text (a dateline,
 * not a sentence of the story) within `BESIDE_HEADLINE` characters after the headline, else the
 * nearest one within `ABOVE_HEADLINE` characters before it (a dateline set above the headline). A
 * date before 1991 or after tomorrow is none; `dayFirst` reads "04/05/2022" as 4 May (`parseDate`'s
 * option). ISO 8601 at the day's midnight in UTC, or undefined.
 */
export function shownDateOf(
  headline: Element | undefined,
  now: Date = new Date(),
  dayFirst = false,
): string | undefined {
  if (!headline) return undefined;
  return (
    firstDateIn(textsAfter(headline), BESIDE_HEADLINE, now, dayFirst) ??
    firstDateIn(textsBefore(headline), ABOVE_HEADLINE, now, dayFirst)
  );
}

/** The first date (`WRITTEN_DATE`) within `window` characters of `texts`, in a run short enough to be a dateline. */
function firstDateIn(
  texts: Iterable<string>,
  window: number,
  now: Date,
  dayFirst: boolean,
): string | undefined {
  let read = 0;
  for (const text of texts) {
    const value = normalizeSpace(text);
    read += value.length;
    if (read > window) return undefined;
    if (value.length > DATELINE_MAX_LENGTH) continue;
    for (const match of value.matchAll(WRITTEN_DATE)) {
      const date = parseDate(match[0], { now, dayFirst });
      if (date && date.getUTCFullYear() >= EARLIEST_YEAR && date.getTime() <= now.getTime() + DAY_MS)
        return date.toISOString();
    }
  }
  return undefined;
}
