import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { createTermTable, HASH_SEED, hashUnit, knownTermId, termId } from './term-table.js';

function hashOf(term: string): number {
  let hash = HASH_SEED;
  for (let offset = 0; offset < term.length; offset += 1) hash = hashUnit(hash, term.charCodeAt(offset));
  return hash;
}

describe('term table', () => {
  it('gives each distinct word one id, first met first, as a map of the words would', () => {
    const random = seededRandom(3);
    const letters = ['a', 'b', 'é', '東', '😀', '1'];
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 4) },
        () => letters[Math.floor(random() * letters.length)],
      ).join('');
    // Thousands of words from a table made for one: it grows many times.
    const table = createTermTable(1);
    const oracle = new Map<string, number>();
    const text = Array.from({ length: 6_000 }, word).join(' ');
    let start = 0;
    for (const term of text.split(' ')) {
      if (!oracle.has(term)) oracle.set(term, oracle.size);
      const id = termId(table, { text, start, end: start + term.length, hash: hashOf(term) });
      expect(id, term).toBe(oracle.get(term));
      start += term.length + 1;
    }
    expect(table.vocabulary).toEqual([...oracle.keys()]);
    for (const [term, id] of oracle) expect(knownTermId(table, term)).toBe(id);
    expect(knownTermId(table, 'zz')).toBeUndefined();
  });

  it('tells words apart whose hashes are equal', () => {
    const table = createTermTable(4);
    const text = 'iron tower iron';
    const colliding = 12_345;
    const iron = termId(table, { text, start: 0, end: 4, hash: colliding });
    const tower = termId(table, { text, start: 5, end: 10, hash: colliding });
    expect(tower).not.toBe(iron);
    expect(termId(table, { text, start: 11, end: 15, hash: colliding })).toBe(iron);
    expect(table.vocabulary).toEqual(['iron', 'tower']);
  });
});
