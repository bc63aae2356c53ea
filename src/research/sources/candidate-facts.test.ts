import { describe, expect, it } from 'vitest';
import { tokenize as stemmedTerms } from '../../corpus/index.js';
import { tokenize } from '../text/text-rank.js';
import { candidateFacts, factsFit, rerankTerms } from './candidate-facts.js';

/** What the terms are by definition: the corpus tokens joined, read again as words. */
const byDefinition = (text: string) => tokenize(stemmedTerms(text).join(' '));

/** Pieces that tokenizers treat apart: marks, cases that change length, identifiers, digits, one letter. */
const PIECES = [
  'Completed',
  'completion',
  'the',
  'a',
  'x',
  'İstanbul',
  'ΟΔΟΣ',
  'TNF-α',
  'NF-κB',
  'IFNγ',
  'Σ',
  'straße',
  'हिन्दी',
  'क़',
  'parseUrl',
  'get_user',
  'get-user',
  '$scope',
  '__init__',
  'ＡＢＣ',
  'ﬁle',
  'e\u0301t\u00e9',
  '1889',
  '3rd',
  'x2',
  'tower’s',
  'co-op',
  '-',
  '_',
  '😀',
  'ǅ',
  '\u0345',
  ' ',
  '\n',
  '.',
];

/** A seeded generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('rerankTerms', () => {
  it('gives the terms of the corpus tokens read again as words, on mixed-script and hostile text', () => {
    const next = random(43);
    for (let round = 0; round < 2_000; round += 1) {
      const length = 1 + Math.floor(next() * 12);
      const text = Array.from({ length }, () => {
        const piece = PIECES[Math.floor(next() * PIECES.length)] ?? '';
        return next() < 0.3 ? piece : `${piece} `;
      }).join('');
      expect(rerankTerms(text), JSON.stringify(text)).toEqual(byDefinition(text));
    }
  });

  it('stems and drops stop words: "completed" and "completion" meet, "the" is no term', () => {
    expect(rerankTerms('The tower was completed')).toEqual(byDefinition('The tower was completed'));
    expect(rerankTerms('completed')).toEqual(rerankTerms('completion'));
    expect(rerankTerms('the')).toEqual([]);
  });
});

describe('factsFit', () => {
  const entry = () => ({
    url: 'https://a.example/1',
    title: 'The tower',
    snippet: 'Wrought iron.',
    publishedAt: '2020-01-01',
    score: 1,
    queries: ['q'],
    providers: ['fake'],
  });

  it('holds for the entry the facts were read from, and not once its address, title, snippet or date changed', () => {
    const read = entry();
    const facts = candidateFacts(read);
    expect(factsFit(facts, read)).toBe(true);
    expect(factsFit(facts, { ...entry(), score: 9, queries: [] })).toBe(true);
    const changes = [
      { url: 'https://a.example/2' },
      { title: 'Another tower' },
      { snippet: 'Steel.' },
      { publishedAt: undefined },
    ];
    for (const change of changes) {
      const changed = { ...entry(), ...change };
      expect(factsFit(facts, changed), JSON.stringify(change)).toBe(false);
      // Read again, its facts fit it and describe it as it is now.
      expect(factsFit(candidateFacts(changed), changed)).toBe(true);
    }
  });
});
