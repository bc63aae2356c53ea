import type { Fact } from './facts.js';
import { substitutedFigure } from './figure-swaps.js';
import { wordFound } from './match.js';
import { substitutedName } from './name-swaps.js';
import type { Quotes } from './quote-reading.js';
import type { SupportTuning } from './tuning.js';

/** Whether a quote writes another name, figure or date where the sentence writes this fact. */
function contradicted(fact: Fact, quotes: Quotes): boolean {
  if (fact.name) return substitutedName(quotes.sentence, fact.name, quotes.slots) !== undefined;
  return substitutedFigure(quotes.sentence, fact.start, fact.end, quotes.figureSlots()) !== undefined;
}

/** Whether the quotes hold words of a name but not its head: they name something else by them. */
function namedOtherwise(fact: Fact, quotes: Quotes): boolean {
  const name = fact.name;
  return name?.head !== undefined && name.words.some((word) => wordFound(word, quotes.evidence));
}

/**
 * Whether a year of the sentence is the year of a day it states and the quotes hold ("the 2018
 * festival … on 18 October 2018"): held, that day stands for its year too, as written or as a day
 * and month whose year the quote leaves to its page.
 */
export function yearOfHeldDay(fact: Fact, facts: readonly Fact[], held: ReadonlySet<Fact>): boolean {
  if (fact.kind !== 'date' || !fact.yearOnly || fact.years.length === 0) return false;
  return facts.some(
    (other) =>
      held.has(other) &&
      other.kind === 'date' &&
      !other.yearOnly &&
      other.years.some((year) => fact.years.includes(year)),
  );
}

/**
 * Whether a fact the quotes lack is nonetheless no problem: context the writer adds rather than
 * what the sentence claims, so long as no quote puts another in its place. `found` counts the
 * sentence's facts the quotes hold, `open` those they lack.
 */
export function excused(
  fact: Fact,
  quotes: Quotes,
  counts: { found: number; open: number },
  tuning: SupportTuning,
): boolean {
  const { found, open } = counts;
  // "this month", "last year": such a quote's year is its source's, which the quote cannot show.
  if (fact.kind === 'date' && fact.yearOnly && quotes.relative) return true;
  // A one-word name ("England", "Lincoln") is often context the reader has; a small count in
  // words ("the other two") one the writer counted from the quotes.
  const minor = (fact.name !== undefined && fact.name.words.length < 2 && !fact.listed) || fact.spelledCount;
  // A sentence whose quotes hold every other fact of it, and several, may add one name or year; not
  // a name the quotes write with another head ("Lisandra Lafitta" for "Lisandra Lafitta Hernández"):
  // that is the name given otherwise, not one added.
  const partial =
    open === 1 &&
    tuning.partialMinFound > 0 &&
    found >= tuning.partialMinFound &&
    ((fact.kind === 'name' && !fact.listed && !namedOtherwise(fact, quotes)) ||
      (fact.kind === 'date' && fact.yearOnly));
  return (minor || partial) && !contradicted(fact, quotes);
}
