/**
 * The distinct words of one text, each given an id (its place in `vocabulary`), found by a hash of
 * its UTF-16 units that the tokenizer computes as it reads them: a word met again is compared in
 * place, so no string is made for it (a page repeats most of its words). Open addressing with
 * linear probing; the hash is seeded per process, so a page cannot choose words that collide.
 */
export interface TermTable {
  /** The words, by id. */
  readonly vocabulary: string[];
  /** Hash of each word, by id. */
  readonly hashes: number[];
  /** Slot → id, or -1 for an empty slot; a power of two long, at most half full. */
  slots: Int32Array;
}

/** The hash of no unit yet; random per process. */
export const HASH_SEED = (Math.random() * 0x7fffffff) | 0;

/** The hash after one more UTF-16 unit (FNV-1a's step). */
export function hashUnit(hash: number, unit: number): number {
  return Math.imul(hash ^ unit, 0x01000193);
}

/** An empty table for about `expected` words (it grows as needed). */
export function createTermTable(expected: number): TermTable {
  let size = 64;
  while (size < expected * 2 && size < 1 << 16) size *= 2;
  return { vocabulary: [], hashes: [], slots: new Int32Array(size).fill(-1) };
}

/** Whether `term` is the text between `start` and `end`. */
function sameAt(term: string, word: TermPlace): boolean {
  if (term.length !== word.end - word.start) return false;
  for (let offset = 0; offset < term.length; offset += 1)
    if (term.charCodeAt(offset) !== word.text.charCodeAt(word.start + offset)) return false;
  return true;
}

/** Where a word stands in a text, with the hash of its units (`hashUnit` from `HASH_SEED`). */
export interface TermPlace {
  text: string;
  start: number;
  end: number;
  hash: number;
}

/** The id of the word at `place`, added (as a slice of its text) when the table does not hold it. */
export function termId(table: TermTable, place: TermPlace): number {
  const mask = table.slots.length - 1;
  for (let slot = place.hash & mask; ; slot = (slot + 1) & mask) {
    const id = table.slots[slot] ?? -1;
    if (id === -1) {
      const added = table.vocabulary.length;
      table.vocabulary.push(place.text.slice(place.start, place.end));
      table.hashes.push(place.hash);
      table.slots[slot] = added;
      if (table.vocabulary.length * 2 > table.slots.length) grow(table);
      return added;
    }
    if (table.hashes[id] === place.hash && sameAt(table.vocabulary[id] ?? '', place)) return id;
  }
}

/** The id of `term`, or undefined when the table does not hold it. */
export function knownTermId(table: TermTable, term: string): number | undefined {
  let hash = HASH_SEED;
  for (let offset = 0; offset < term.length; offset += 1) hash = hashUnit(hash, term.charCodeAt(offset));
  const place = { text: term, start: 0, end: term.length, hash };
  const mask = table.slots.length - 1;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const id = table.slots[slot] ?? -1;
    if (id === -1) return undefined;
    if (table.hashes[id] === hash && sameAt(table.vocabulary[id] ?? '', place)) return id;
  }
}

/** Doubles the slots and places every word again. */
function grow(table: TermTable): void {
  const slots = new Int32Array(table.slots.length * 2).fill(-1);
  const mask = slots.length - 1;
  table.hashes.forEach((hash, id) => {
    let slot = hash & mask;
    while ((slots[slot] ?? -1) !== -1) slot = (slot + 1) & mask;
    slots[slot] = id;
  });
  table.slots = slots;
}
