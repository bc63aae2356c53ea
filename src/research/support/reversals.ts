import { type AlignedText, anchors, intersects, overlap } from './alignment.js';
import { REVERSAL_PAIRS } from './reversal-words.js';
import { isNegation } from './stems.js';

/** Share of a sentence's content words a quote must hold before the check compares their polarity. */
const MIN_OVERLAP = 0.5;
/** Words after a negation that it covers (`did not [win the award]`). */
const NEGATION_SCOPE = 3;
/** Negations and pair words examined per text: bounded work on hostile input. */
const MAX_OCCURRENCES = 50;

/** A reversal found: the words concerned and why. */
export interface Reversal {
  text: string;
  reason: string;
}

/** Pair group and side of each word of `REVERSAL_PAIRS`. */
const PAIR_SIDES: ReadonlyMap<string, { group: number; side: 0 | 1 }[]> = (() => {
  const sides = new Map<string, { group: number; side: 0 | 1 }[]>();
  REVERSAL_PAIRS.forEach(([first, second], group) => {
    for (const word of first) sides.set(word, [...(sides.get(word) ?? []), { group, side: 0 }]);
    for (const word of second) sides.set(word, [...(sides.get(word) ?? []), { group, side: 1 }]);
  });
  return sides;
})();

/** What one negation covers: the content words just after it, inside its clause. */
interface Scope {
  stems: Set<string>;
  /** The words negated, as folded. */
  words: string[];
}

function negatedScopes(text: AlignedText): Scope[] {
  const scopes: Scope[] = [];
  text.words.forEach((word, index) => {
    if (!isNegation(word.folded) || scopes.length >= MAX_OCCURRENCES) return;
    const scope: Scope = { stems: new Set(), words: [] };
    for (let at = index + 1; at <= index + NEGATION_SCOPE && at < text.words.length; at += 1) {
      const next = text.words[at];
      if (next?.clause !== word.clause) break;
      if (!next.stem) continue;
      scope.stems.add(next.stem);
      scope.words.push(next.folded);
    }
    if (scope.stems.size > 0) scopes.push(scope);
  });
  return scopes;
}

/**
 * A negation one side writes and the other does not, about the same words: the sentence says "not
 * X" where the quote states X, or the reverse. Only a text without any negation is compared with
 * one that has some, and every content word a negation covers must be stated by the other text.
 */
function negationClash(
  sentence: AlignedText,
  quote: AlignedText,
  sentenceScopes: Scope[],
): Reversal | undefined {
  if (sentence.negated === quote.negated) return undefined;
  const [scopes, stating] = sentence.negated ? [sentenceScopes, quote] : [negatedScopes(quote), sentence];
  const scope = scopes.find((each) => [...each.stems].every((stem) => stating.stems.has(stem)));
  if (!scope) return undefined;
  const words = scope.words.join(' ');
  return {
    text: words,
    reason: sentence.negated
      ? `the sentence negates what its quote states (${words})`
      : `its quote negates what the sentence states (${words})`,
  };
}

/** Words between a comparative and its "than" ("more cars than"). */
const THAN_REACH = 3;

/** Whether the word at `index` is a comparative followed by "than" in its clause. */
function comparesWithThan(text: AlignedText, index: number): boolean {
  for (let at = index + 1; at <= index + THAN_REACH && at < text.words.length; at += 1) {
    const word = text.words[at];
    if (word?.clause !== text.words[index]?.clause) return false;
    if (word?.folded === 'than') return true;
  }
  return false;
}

/** Positions of the pair words of a text, by `group:side`, at most MAX_OCCURRENCES in all. */
function pairPositions(text: AlignedText): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  let found = 0;
  text.words.forEach((word, index) => {
    const sides = PAIR_SIDES.get(word.folded);
    if (!sides || found >= MAX_OCCURRENCES) return;
    found += 1;
    for (const { group, side } of sides) {
      const key = `${group}:${side}`;
      positions.set(key, [...(positions.get(key) ?? []), index]);
    }
  });
  return positions;
}

/**
 * A pair word the sentence writes where the quote writes its opposite, next to the same word on
 * the same side (`the first woman` / `the last woman`); "A before B" / "B after A" is not a swap,
 * and a pair word any quote also writes is not either.
 */
function swappedPair(
  sentence: AlignedText,
  sentencePairs: Map<string, number[]>,
  quote: AlignedText,
  allQuoteWords: ReadonlySet<string>,
): Reversal | undefined {
  const quotePairs = pairPositions(quote);
  for (const [key, indexes] of sentencePairs) {
    const [group = 0, side = 0] = key.split(':').map(Number);
    if ((REVERSAL_PAIRS[group]?.[side] ?? []).some((form) => allQuoteWords.has(form))) continue;
    for (const index of indexes) {
      // A comparative with "than" has two sides: the roles check reads it ("smaller than" with the sides swapped is "larger than").
      if (comparesWithThan(sentence, index)) continue;
      const left = anchors(sentence.words, index, -1);
      const right = anchors(sentence.words, index, 1);
      for (const at of quotePairs.get(`${group}:${side === 0 ? 1 : 0}`) ?? []) {
        if (
          intersects(left, anchors(quote.words, at, -1)) ||
          intersects(right, anchors(quote.words, at, 1))
        ) {
          const said = sentence.words[index]?.folded;
          const quoted = quote.words[at]?.folded;
          return {
            text: `${said} / ${quoted}`,
            reason: `the sentence says "${said}" where its quote says "${quoted}"`,
          };
        }
      }
    }
  }
  return undefined;
}

/** A reversal of the sentence against the quotes that share most of its content words, if any. */
export function findReversal(
  sentence: AlignedText,
  quotes: readonly AlignedText[],
  allQuoteWords: ReadonlySet<string>,
): Reversal | undefined {
  const sentenceScopes = negatedScopes(sentence);
  const sentencePairs = pairPositions(sentence);
  for (const quote of quotes) {
    if (overlap(sentence, quote) < MIN_OVERLAP) continue;
    const reversal =
      negationClash(sentence, quote, sentenceScopes) ??
      swappedPair(sentence, sentencePairs, quote, allQuoteWords);
    if (reversal) return reversal;
  }
  return undefined;
}
