import { type AlignedText, overlap } from './alignment.js';
import type { Name } from './names.js';
import { emptySlots, entryInPlace, rememberAt, type Slots, wordIndexes, wordRange } from './slots.js';

/** Share of a sentence's content words a quote must hold before a name in it can stand for the sentence's. */
export const MIN_OVERLAP = 0.5;

/** Runs of capitalised words of the quotes close to the sentence, by the stems just before and after them. */
export interface NameSlots extends Slots {
  /** Index in `sentence.words` of each word's token. */
  wordOfToken: Map<number, number>;
}

/** Indexes the capitalised runs of the quotes that share at least MIN_OVERLAP of the sentence's content words. */
export function nameSlots(
  sentence: AlignedText,
  quotes: readonly AlignedText[],
  capitalised: ReadonlySet<string>,
): NameSlots {
  // The sentence's words, folded: a run made of them is no substitute.
  const own = new Set(sentence.words.map((word) => word.folded));
  const slots: NameSlots = { ...emptySlots(), wordOfToken: wordIndexes(sentence) };
  for (const quote of quotes) {
    if (overlap(sentence, quote) < MIN_OVERLAP) continue;
    for (let start = 0; start < quote.words.length; start += 1) {
      if (!quote.words[start]?.capitalised) continue;
      let end = start;
      while (quote.words[end + 1]?.capitalised && quote.words[end + 1]?.clause === quote.words[start]?.clause)
        end += 1;
      const run = quote.words.slice(start, end + 1).map((word) => word.folded);
      // A lone word opening a sentence ("He", "Construction") is a name only if written capitalised elsewhere.
      const lone = end === start && quote.words[start]?.initial && !capitalised.has(run[0] ?? '');
      if (lone) {
        start = end;
        continue;
      }
      if (run.every((word) => !own.has(word))) rememberAt(slots, quote, start, end, run.join(' '));
      start = end;
    }
  }
  return slots;
}

/**
 * A name of a quote that stands where the sentence writes one of its own: the quote shares most of
 * the sentence's words, and a run of capitalised words the sentence does not have sits next to the
 * same word, on the same side, as the sentence's name ("Smith won the award" / "Jones won the
 * award"). Returns that name, folded.
 */
export function substitutedName(sentence: AlignedText, name: Name, slots: NameSlots): string | undefined {
  const range = wordRange(slots.wordOfToken, name.start, name.end);
  return range && entryInPlace(sentence, range[0], range[1], slots);
}
