import { type AlignedText, anchors, overlap } from './alignment.js';
import type { Name } from './names.js';

/** Share of a sentence's content words a quote must hold before a name in it can stand for the sentence's. */
const MIN_OVERLAP = 0.5;
/** Runs kept per anchoring stem: bounded work on hostile input. */
const MAX_RUNS_PER_STEM = 8;

/** Runs of capitalised words of the quotes close to the sentence, by the stems just before and after them. */
export interface NameSlots {
  before: Map<string, string[][]>;
  after: Map<string, string[][]>;
  /** The sentence's words, folded: a run made of them is no substitute. */
  own: Set<string>;
  /** Index in `sentence.words` of each word's token. */
  wordOfToken: Map<number, number>;
}

function remember(slots: Map<string, string[][]>, stems: ReadonlySet<string>, run: string[]): void {
  for (const stem of stems) {
    const runs = slots.get(stem) ?? [];
    if (runs.length < MAX_RUNS_PER_STEM) runs.push(run);
    slots.set(stem, runs);
  }
}

/** Indexes the capitalised runs of the quotes that share at least MIN_OVERLAP of the sentence's content words. */
export function nameSlots(sentence: AlignedText, quotes: readonly AlignedText[]): NameSlots {
  const own = new Set(sentence.words.map((word) => word.folded));
  const slots: NameSlots = { before: new Map(), after: new Map(), own, wordOfToken: new Map() };
  for (const [index, word] of sentence.words.entries()) slots.wordOfToken.set(word.token, index);
  for (const quote of quotes) {
    if (overlap(sentence, quote) < MIN_OVERLAP) continue;
    for (let start = 0; start < quote.words.length; start += 1) {
      if (!quote.words[start]?.capitalised) continue;
      let end = start;
      while (quote.words[end + 1]?.capitalised && quote.words[end + 1]?.clause === quote.words[start]?.clause)
        end += 1;
      const run = quote.words.slice(start, end + 1).map((word) => word.folded);
      if (run.every((word) => !own.has(word))) {
        remember(slots.before, anchors(quote.words, start, -1), run);
        remember(slots.after, anchors(quote.words, end, 1), run);
      }
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
  const first = slots.wordOfToken.get(name.start);
  let last: number | undefined;
  for (let token = name.end - 1; token >= name.start && last === undefined; token -= 1) {
    last = slots.wordOfToken.get(token);
  }
  if (first === undefined || last === undefined) return undefined;
  for (const stem of anchors(sentence.words, first, -1)) {
    const run = slots.before.get(stem)?.[0];
    if (run) return run.join(' ');
  }
  for (const stem of anchors(sentence.words, last, 1)) {
    const run = slots.after.get(stem)?.[0];
    if (run) return run.join(' ');
  }
  return undefined;
}
