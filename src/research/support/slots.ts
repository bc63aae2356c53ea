import { type AlignedText, anchors } from './alignment.js';

/** Entries kept per anchoring stem: bounded work on hostile input. */
const MAX_ENTRIES_PER_STEM = 8;

/**
 * What the quotes write in each place, by the content stems just before and after it: where a
 * quote writes a name or a figure of its own next to the same words as the sentence's.
 */
export interface Slots {
  before: Map<string, string[]>;
  after: Map<string, string[]>;
}

export const emptySlots = (): Slots => ({ before: new Map(), after: new Map() });

function remember(slots: Map<string, string[]>, stems: ReadonlySet<string>, entry: string): void {
  for (const stem of stems) {
    const entries = slots.get(stem) ?? [];
    if (entries.length < MAX_ENTRIES_PER_STEM) entries.push(entry);
    slots.set(stem, entries);
  }
}

/** Records `entry`, written over `words[first..last]` of a quote, under the stems around it. */
export function rememberAt(
  slots: Slots,
  quote: AlignedText,
  first: number,
  last: number,
  entry: string,
): void {
  remember(slots.before, anchors(quote.words, first, -1), entry);
  remember(slots.after, anchors(quote.words, last, 1), entry);
}

/** Index in `text.words` of each word's token. */
export function wordIndexes(text: AlignedText): Map<number, number> {
  const indexes = new Map<number, number>();
  for (const [index, word] of text.words.entries()) indexes.set(word.token, index);
  return indexes;
}

/** The first and last word of the tokens `[start, end)`, when they hold any. */
export function wordRange(
  indexes: ReadonlyMap<number, number>,
  start: number,
  end: number,
): [number, number] | undefined {
  let first: number | undefined;
  let last: number | undefined;
  for (let token = start; token < end; token += 1) {
    const word = indexes.get(token);
    if (word === undefined) continue;
    first ??= word;
    last = word;
  }
  return first === undefined || last === undefined ? undefined : [first, last];
}

/**
 * What a quote writes where the sentence writes `words[first..last]`: an entry next to the same
 * stem, on the same side.
 */
export function entryInPlace(
  sentence: AlignedText,
  first: number,
  last: number,
  slots: Slots,
): string | undefined {
  for (const stem of anchors(sentence.words, first, -1)) {
    const entry = slots.before.get(stem)?.[0];
    if (entry) return entry;
  }
  for (const stem of anchors(sentence.words, last, 1)) {
    const entry = slots.after.get(stem)?.[0];
    if (entry) return entry;
  }
  return undefined;
}
