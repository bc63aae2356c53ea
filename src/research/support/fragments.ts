import { MIN_QUOTE_WORDS } from '../constants.js';
import type { Analysis } from './analyse.js';
import { CLOCK_WORDS, WEEKDAYS } from './common-words.js';

/** Fewest words a quote must hold beyond the sentence's figures and names. */
const MIN_OTHER_WORDS = 2;

/**
 * Whether a quote is a fragment rather than a clause of its source: fewer than MIN_QUOTE_WORDS
 * words, or little beside the figures and names of the sentence it is cited for (`claimWords`:
 * their folded words).
 */
export function isFragment(quote: Analysis, claimWords: ReadonlySet<string>): boolean {
  let words = 0;
  let others = 0;
  for (const token of quote.tokens) {
    if (token.kind === 'mark') continue;
    words += 1;
    if (!claimWords.has(token.folded)) others += 1;
  }
  return words < MIN_QUOTE_WORDS || others < MIN_OTHER_WORDS;
}

/** Most words a dateline may hold beside its date, weekday and clock time (`April 25, 2019 Video`). */
const MAX_DATELINE_EXTRA_WORDS = 2;

/** Whether the token at `index` belongs to a clock time (`09:00am`, `10:35 PM`, `4:23 p.m. ET`). */
function inClockTime(quote: Analysis, index: number): boolean {
  const token = quote.tokens[index];
  if (!token) return false;
  if (token.kind === 'number')
    return quote.tokens[index + 1]?.text === ':' || quote.tokens[index - 1]?.text === ':';
  return token.kind === 'word' && CLOCK_WORDS.has(token.folded);
}

/**
 * Whether a quote is a dateline: a full date (day, month and year) with at most a weekday, a clock
 * time and a word or two beside it. It dates its source, so it may back the sentence's date or
 * year, though it is too short to back anything else.
 */
export function isDateline(quote: Analysis): boolean {
  const full = quote.dates.filter((date) =>
    date.readings.some(
      (reading) => reading.day !== undefined && reading.month !== undefined && reading.years,
    ),
  );
  if (full.length === 0) return false;
  const inDate = new Set<number>();
  for (const date of quote.dates)
    for (let index = date.start; index < date.end; index += 1) inDate.add(index);
  let extra = 0;
  quote.tokens.forEach((token, index) => {
    if (token.kind === 'mark' || WEEKDAYS.has(token.folded) || inClockTime(quote, index) || inDate.has(index))
      return;
    extra += 1;
  });
  return extra <= MAX_DATELINE_EXTRA_WORDS;
}
