import type { DateReading } from './dates.js';
import { figuresBetween } from './figure-index.js';
import type { Figure } from './figures.js';
import type { Name } from './names.js';
import type { Evidence } from './quote-evidence.js';
import { datedRelatively, monthNearStory } from './relative-days.js';
import { stemOf } from './stems.js';

/** Relative difference a hedged figure ("about 300") may have from its quote's. */
const HEDGE_TOLERANCE = 0.1;
/** Fewest letters two forms of a name must share at the start to be one name inflected. */
const MIN_SHARED_PREFIX = 5;
/** Most letters either form may add after the shared start (`Canad|a` / `Canad|ian`). */
const MAX_INFLECTION = 3;
/** Relative difference two values may have and still be the same number written twice. */
const SAME_VALUE = 1e-9;

/**
 * The range of quote values that stand for a sentence's value: the value itself; within
 * HEDGE_TOLERANCE when the sentence hedges it ("about 300"); the values that round to it when the
 * sentence writes it with a scale and two or more significant digits ("1.5 million" for 1,493,000;
 * never "2 million" for 1.5 million).
 */
function acceptedRange(claim: Figure, value: number): [number, number] {
  const exact = SAME_VALUE * Math.max(1, Math.abs(value));
  let low = value - exact;
  let high = value + exact;
  if (claim.hedged) {
    low = Math.min(low, value - HEDGE_TOLERANCE * Math.abs(value));
    high = Math.max(high, value + HEDGE_TOLERANCE * Math.abs(value));
  }
  if (claim.scale > 1 && Math.round(Math.abs(value) / claim.precision) >= 10) {
    low = Math.min(low, value - claim.precision / 2);
    high = Math.max(high, value + claim.precision / 2 - exact);
  }
  return [low, high];
}

const unitsAgree = (a: readonly string[], b: readonly string[]) =>
  a.length === 0 || b.length === 0 || a.some((unit) => b.includes(unit));

/** Whether the quotes hold a figure of the sentence, up to formatting, rounding a hedge allows, and unit spelling. */
export function figureFound(claim: Figure, evidence: Evidence): boolean {
  if (claim.kind === 'code') return claim.code !== undefined && evidence.codes.has(claim.code);
  if (claim.kind === 'decade') return claim.values.some((decade) => evidence.decades.has(decade));
  if (claim.kind === 'year' && claim.values.some((year) => evidence.years.has(year))) return true;
  return claim.values.some((value) => {
    const [low, high] = acceptedRange(claim, value);
    return figuresBetween(evidence.figures, low, high).some(({ figure }) =>
      unitsAgree(claim.units, figure.units),
    );
  });
}

/**
 * Whether one reading of a quote's date stands for the sentence's: every part the sentence states
 * is stated alike, except a year the quote leaves out of a day and month ("November 2" on a page of
 * that year).
 */
function readingMatches(claim: DateReading, quote: DateReading): boolean {
  if (claim.month !== undefined && claim.month !== quote.month) return false;
  if (claim.day !== undefined && claim.day !== quote.day) return false;
  if (!claim.years) return true;
  if (quote.years) return claim.years.some((year) => quote.years?.includes(year));
  return claim.day !== undefined && quote.day !== undefined;
}

/**
 * Whether the quotes hold a date of the sentence, written any way, or give its day or month relative
 * to a date they hold.
 */
export function dateFound(claim: readonly DateReading[], evidence: Evidence): boolean {
  return claim.some((reading) =>
    reading.month === undefined
      ? (reading.years ?? []).some((year) => evidence.years.has(year))
      : (evidence.datesByMonth.get(reading.month) ?? []).some((quote) => readingMatches(reading, quote)) ||
        datedRelatively(reading, evidence) ||
        monthNearStory(reading, evidence),
  );
}

function sharedPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

/** Whether a word of a name is in the quotes: as written, by stem, or inflected (`Canada` / `Canadian`). */
export function wordFound(word: string, evidence: Evidence): boolean {
  if (evidence.words.has(word) || evidence.stems.has(stemOf(word))) return true;
  if (word.length < 4) return evidence.initialisms.has(word);
  if (evidence.initialisms.has(word)) return true;
  return (evidence.byPrefix.get(word.slice(0, 4)) ?? []).some((candidate) => {
    const shared = sharedPrefix(word, candidate);
    return (
      shared >= Math.min(MIN_SHARED_PREFIX, word.length, candidate.length) &&
      word.length - shared <= MAX_INFLECTION &&
      candidate.length - shared <= MAX_INFLECTION
    );
  });
}

/**
 * The words of a name that neither the quotes nor the question hold; empty when the name is
 * covered: by its head when it has one ("Arnold" covers "Thomas K. Arnold", but "Harriet" does not
 * cover "Harriet Coleman" nor "Hyde" "Hyde Park": a modifier alone may name something else), else by
 * any one of its words ("England" covers "Bank of England"), or by its initials as an acronym of the
 * quotes (`DNC`).
 */
export function missingNameWords(name: Name, evidence: Evidence, question: Evidence): string[] {
  if (name.initials && (evidence.acronyms.has(name.initials) || question.acronyms.has(name.initials)))
    return [];
  const compounds = name.compounds.filter(
    (compound) => evidence.words.has(compound) || question.words.has(compound),
  );
  const found = (word: string) =>
    compounds.some((compound) => compound.includes(word)) ||
    wordFound(word, question) ||
    wordFound(word, evidence);
  const missing = name.words.filter((word) => !found(word));
  if (name.head !== undefined) return found(name.head) ? [] : missing;
  return missing.length < name.words.length ? [] : missing;
}

/** Whether one figure of a quote stands for a figure of the sentence (value, rounding, hedge and unit as `figureFound`). */
export function figureMatches(claim: Figure, quote: Figure): boolean {
  if (!unitsAgree(claim.units, quote.units)) return false;
  return claim.values.some((value) => {
    const [low, high] = acceptedRange(claim, value);
    return quote.values.some((candidate) => candidate >= low && candidate <= high);
  });
}

/** Whether one date of a quote stands for a date of the sentence (the parts the sentence states, stated alike). */
export function dateMatches(claim: readonly DateReading[], quote: readonly DateReading[]): boolean {
  return claim.some((reading) =>
    quote.some((candidate) =>
      reading.month === undefined
        ? (reading.years ?? []).some((year) => candidate.years?.includes(year))
        : readingMatches(reading, candidate),
    ),
  );
}
