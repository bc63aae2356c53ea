import type { Analysis } from './analyse.js';
import type { FactBinding } from './binding.js';
import { CHANGE_PREPOSITIONS, EVENT_PHASES, TIME_DIRECTIONS } from './relation-words.js';

/** A fact of a text with the text it is in. */
export interface BoundFact {
  binding: FactBinding;
  text: Analysis;
}

/** What a rule may look at besides the two facts: every bound fact of the quotes. */
export interface RelationContext {
  quoteFacts: readonly BoundFact[];
  /** Folded words of all the quotes. */
  quoteWords: ReadonlySet<string>;
  /** Whether two facts state the same value. */
  sameValue: (a: FactBinding, b: FactBinding) => boolean;
  /** The words of each name of several words the sentence, its quotes or its context write. */
  fullNames: readonly (readonly string[])[];
}

/**
 * One relational rule: given a fact of the sentence and a fact of a quote that states the same
 * value, the reason the quote binds it to something else, or undefined.
 */
export interface RelationRule {
  name: string;
  conflict: (claim: BoundFact, quote: BoundFact, context: RelationContext) => string | undefined;
}

/** Letters two words must share at the start to be one word inflected ("employees" / "employs"). */
const SHARED_START = 5;

/** Whether two words are one word in two forms: equal, or sharing their first SHARED_START letters. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const length = Math.min(SHARED_START, a.length, b.length);
  return length >= 4 && a.slice(0, length) === b.slice(0, length);
}

const isDate = (binding: FactBinding) => binding.date !== undefined || binding.figure?.kind === 'year';

/** Whether the quotes bind `pick` of the sentence's fact to another value ("stores" to 120, not 330). */
function boundElsewhere(
  claim: BoundFact,
  context: RelationContext,
  pick: (binding: FactBinding) => string | undefined,
): boolean {
  const word = pick(claim.binding);
  if (!word) return false;
  return context.quoteFacts.some(
    (other) =>
      isDate(other.binding) === isDate(claim.binding) &&
      sameWord(pick(other.binding) ?? '', word) &&
      !context.sameValue(claim.binding, other.binding),
  );
}

const said = (fact: BoundFact) =>
  fact.text.tokens
    .slice(fact.binding.start, fact.binding.end)
    .map((token) => token.text)
    .join(' ');

/** The rules, in order; the first that finds a conflict names it. */
export const RELATION_RULES: readonly RelationRule[] = [
  {
    // "fell to 7%" is not "fell by 7%": the preposition says which part of a change the figure is.
    name: 'preposition',
    conflict: (claim, quote) => {
      const [mine, theirs] = [claim.binding.preposition, quote.binding.preposition];
      if (!mine || !theirs || mine === theirs) return undefined;
      if (isDate(claim.binding)) {
        const [a, b] = [TIME_DIRECTIONS.get(mine), TIME_DIRECTIONS.get(theirs)];
        return a && b && a !== b
          ? `the sentence says "${mine} ${said(claim)}" where its quote says "${theirs}"`
          : undefined;
      }
      return CHANGE_PREPOSITIONS.has(mine) && CHANGE_PREPOSITIONS.has(theirs)
        ? `the sentence says "${mine} ${said(claim)}" where its quote says "${theirs} ${said(quote)}"`
        : undefined;
    },
  },
  {
    // "330 metres deep" is not "330 metres high": one figure, two dimensions.
    name: 'dimension',
    conflict: (claim, quote) => {
      const [mine, theirs] = [claim.binding.dimension, quote.binding.dimension];
      return mine && theirs && mine !== theirs
        ? `the sentence gives ${said(claim)} as a ${mine} where its quote gives it as a ${theirs}`
        : undefined;
    },
  },
  {
    // "330 stores" against "330 people … 120 stores": the quote counts another thing with this figure.
    name: 'counted-noun',
    conflict: (claim, quote, context) => {
      const [mine, theirs] = [claim.binding.noun, quote.binding.noun];
      if (!mine || !theirs || sameWord(mine, theirs)) return undefined;
      return boundElsewhere(claim, context, (binding) => binding.noun)
        ? `the sentence counts ${mine} with ${said(claim)} where its quote counts ${theirs}`
        : undefined;
    },
  },
  {
    // "began in 1887" is not "completed in 1887": another event, or a verb the quote dates otherwise.
    name: 'event',
    conflict: (claim, quote, context) => {
      const [mine, theirs] = [claim.binding.verb, quote.binding.verb];
      if (!mine || !theirs || sameWord(mine, theirs)) return undefined;
      const [a, b] = [EVENT_PHASES.get(mine), EVENT_PHASES.get(theirs)];
      const crossed = boundElsewhere(claim, context, (binding) => binding.verb);
      return (a && b && a !== b) || crossed
        ? `the sentence ties ${said(claim)} to "${mine}" where its quote ties it to "${theirs}"`
        : undefined;
    },
  },
  {
    // "14.0 million in 2020" against "13.9 million in 2020 and 14.0 million in 2023".
    name: 'year',
    conflict: (claim, quote) => {
      if (isDate(claim.binding)) return undefined;
      const [mine, theirs] = [claim.binding.years, quote.binding.years];
      if (mine.length === 0 || theirs.length === 0 || mine.some((year) => theirs.includes(year)))
        return undefined;
      return `the sentence gives ${said(claim)} for ${mine.join('/')} where its quote gives it for ${theirs.join('/')}`;
    },
  },
  {
    // "40 stores in Spain" against "40 stores in France and 12 in Spain".
    name: 'place',
    conflict: (claim, quote, context) => {
      const [mine, theirs] = [claim.binding.place, quote.binding.place];
      if (!mine || !theirs || mine === theirs || !context.quoteWords.has(mine)) return undefined;
      return `the sentence gives ${said(claim)} for ${mine} where its quote gives it for ${theirs}`;
    },
  },
];
