import { describe, expect, it } from 'vitest';
import { RANKING_WEIGHTS } from '../constants.js';
import { identifierKey, tokenize } from '../tokenize/index.js';
import { readCodeQuery } from './code-query.js';
import type { SymbolVocabulary, VocabularyEntry } from './symbol-vocabulary.js';

/** A symbol table of these names, each defined in `files` files. */
function vocabulary(names: Record<string, number>): SymbolVocabulary {
  const byKey = new Map<string, VocabularyEntry>();
  for (const [name, files] of Object.entries(names)) {
    const tokens = tokenize(name);
    byKey.set(identifierKey(name), { names: [name], files, parts: tokens.length > 1 ? tokens.slice(1) : [] });
  }
  return { byKey, compounds: [...byKey].filter(([, entry]) => entry.parts.length > 1).map(([key]) => key) };
}

function read(query: string, names: Record<string, number>, indexed: readonly string[] = []) {
  // `indexed`: the whole identifiers the code holds.
  const terms = new Map<string, number>();
  for (const term of tokenize(query)) terms.set(term, (terms.get(term) ?? 0) + 1);
  return readCodeQuery({
    terms,
    query,
    vocabulary: vocabulary(names),
    inCode: (term) => indexed.includes(term),
    weights: { ...RANKING_WEIGHTS, plainWord: 0.5, expansion: 0.25 },
  });
}

describe('readCodeQuery', () => {
  it('searches adjacent words whole when the corpus writes them as one identifier', () => {
    const query = read('How does fan out search merge lists?', { fanOutSearch: 1 }, ['fanout']);
    expect(query.terms.get('fanoutsearch')).toBe(1);
    expect(query.terms.get('fanout')).toBe(1);
    // Words the corpus never writes together are not joined.
    expect(query.terms.has('mergelist')).toBe(false);
    expect(query.named.get('fanOutSearch')).toBe(1);
  });

  it('searches adjacent parts of one word whole when the code writes them as one identifier', () => {
    const query = read('How does the OpenAI-compatible endpoint stream?', {}, ['openai']);
    expect(query.terms.get('openai')).toBe(1);
    // Parts the code never writes together are not joined; the whole word is the tokenizer's.
    expect(query.terms.has('aicompatible')).toBe(false);
    expect(query.terms.has('openaicompatible')).toBe(true);
  });

  it('names a symbol at full weight when written as code, at the plain-word weight otherwise', () => {
    const query = read('How does switchMap cancel, and when does retry give up? Ask the Raycaster.', {
      switchMap: 3,
      retry: 2,
      Raycaster: 1,
      the: 1,
    });
    expect(query.named.get('switchMap')).toBe(1);
    expect(query.named.get('Raycaster')).toBe(1);
    expect(query.named.get('retry')).toBe(0.5);
    // A stop word never names a symbol, whatever the code defines.
    expect(query.named.has('the')).toBe(false);
  });

  it('expands the query with defined names whose every part it holds, the most specific first', () => {
    const query = read('Which exports of a module are used?', {
      usedExports: 2,
      getUsedExports: 1,
      moduleGraph: 4,
    });
    expect(query.terms.get('usedexports')).toBe(0.25);
    // `get` and `graph` are not in the question.
    expect(query.terms.has('getusedexports')).toBe(false);
    expect(query.terms.has('modulegraph')).toBe(false);
  });

  it('notices a question that asks for tests or documentation by name', () => {
    expect(read('Where are the tests of the router?', {}).asks).toEqual({ tests: true, docs: false });
    expect(read('Which README documents the flags?', {}).asks).toEqual({ tests: false, docs: true });
    expect(read('How does the TestScheduler parse marbles?', {}).asks).toEqual({ tests: false, docs: false });
  });
});
