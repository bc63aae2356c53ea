import { tokenize } from '../../corpus/index.js';
import { SENTENCE_OPENERS } from './common-words.js';
import { NEGATIONS } from './reversal-words.js';

/** Stems already computed: texts repeat a small vocabulary, and the corpus tokenizer is not free. */
const cache = new Map<string, string | undefined>();
const CACHE_LIMIT = 50_000;

/** The corpus tokenizer's Porter stem of a folded word; undefined for one of its stop words. */
function tokenizerStem(word: string): string | undefined {
  if (cache.has(word)) return cache.get(word);
  const stem = tokenize(word)[0];
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, stem);
  return stem;
}

/** A word's stem, or the word itself for a stop word. */
export function stemOf(word: string): string {
  return tokenizerStem(word) ?? word;
}

/** Whether a folded word negates what follows it ("not", "never", "n't"…). */
export const isNegation = (folded: string) => NEGATIONS.has(folded) || folded.endsWith("n't");

/** The stem of a content word; undefined for a function word ("the", "he", "after", "not"…). */
export function contentStem(folded: string): string | undefined {
  if (SENTENCE_OPENERS.has(folded) || isNegation(folded)) return undefined;
  return tokenizerStem(folded);
}
