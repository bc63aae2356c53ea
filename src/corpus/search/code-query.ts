import { DOCS_WORDS, TEST_WORDS } from '../roles/index.js';
import { identifierKey, STOP_WORDS, splitIdentifier, words } from '../tokenize/index.js';
import type { RankingWeights } from './ranking-weights.js';
import type { SymbolVocabulary } from './symbol-vocabulary.js';

/** A search query read as a question about code. */
export interface CodeQuery {
  /** Terms searched and the weight of each: its count in the query, or less for an expansion. */
  terms: Map<string, number>;
  /** Names of symbols the question names (as written in the code), each with the weight of naming it. */
  named: Map<string, number>;
  /** The question asks for tests, or for documentation, by name. */
  asks: { tests: boolean; docs: boolean };
}

/** Most names a query is expanded with, the most specific (defined in the fewest files) first. */
const MAX_EXPANSIONS = 20;
/** Adjacent words joined into one identifier at most (`read repository map`). */
const MAX_JOINED_WORDS = 3;

/** Written as code: camelCase, snake_case, a digit or `$` inside, or capitalised after the first word. */
function codeShaped(word: string, position: number): boolean {
  return /\p{Ll}\p{Lu}|[_$]|\p{L}\p{N}/u.test(word) || (position > 0 && /^\p{Lu}/u.test(word));
}

/** The key of each run of one to `MAX_JOINED_WORDS` adjacent words, with the run's length and start. */
function runs(written: readonly string[]): Array<{ key: string; length: number; start: number }> {
  const found: Array<{ key: string; length: number; start: number }> = [];
  written.forEach((_, start) => {
    for (let length = 1; length <= MAX_JOINED_WORDS && start + length <= written.length; length++) {
      found.push({ key: identifierKey(written.slice(start, start + length).join('_')), length, start });
    }
  });
  return found;
}

/**
 * The keys of the runs of two or more adjacent parts of one word, short of the whole word
 * (`openai` and `aicompatible` of `OpenAI-compatible`, `httpserver` of `getHTTPServerName`'s parts).
 */
function innerRuns(word: string): string[] {
  const parts = splitIdentifier(word);
  if (parts.length < 3) return [];
  return runs(parts)
    .filter((run) => run.length > 1 && run.length < parts.length)
    .map((run) => run.key);
}

/**
 * Reads a query through the corpus's symbol table (`vocabulary`): identifiers are matched both
 * ways, so adjacent words that the code writes as one identifier (`fan out search` →
 * `fanOutSearch`, `fan out` → `fanOut`) search for it whole as well as by parts (prose is left to
 * its parts: a hyphenated compound there is already found by them), and so are adjacent parts of one
 * word (`OpenAI-compatible` → `openai`, as the code's paths and names write it); a word or run of words that is a defined name is a symbol the
 * question names (its definition then ranks over its uses: full weight when written as code, a
 * plain word like `retry` `weights.plainWord`); and names whose every part the query holds
 * (`used exports` → `usedExports`) are added as terms of weight `weights.expansion`.
 */
export function readCodeQuery(options: {
  terms: ReadonlyMap<string, number>;
  query: string;
  vocabulary: SymbolVocabulary;
  /** Whether the code (not its documentation) holds a term: a whole identifier made of the query's adjacent words. */
  inCode: (term: string) => boolean;
  weights: RankingWeights;
}): CodeQuery {
  const { vocabulary, weights } = options;
  const terms = new Map(options.terms);
  const named = new Map<string, number>();
  const written = words(options.query);
  for (const run of runs(written)) {
    const entry = vocabulary.byKey.get(run.key);
    // Words written apart that the corpus writes as one identifier (`fan out` → `fanOut`).
    if (run.length > 1 && !terms.has(run.key) && (entry || options.inCode(run.key))) terms.set(run.key, 1);
    if (!entry || (run.length === 1 && (STOP_WORDS.has(run.key) || run.key.length < 3))) continue;
    const word = written[run.start] ?? '';
    const weight = run.length > 1 || codeShaped(word, run.start) ? 1 : weights.plainWord;
    for (const name of entry.names) named.set(name, Math.max(named.get(name) ?? 0, weight));
  }
  // Parts of one word that the code writes as one identifier (`openai` of `OpenAI-compatible`):
  // the word's whole form and its single parts are terms already, a run of its parts is not.
  // Each key is looked up once, however often the query repeats it.
  const tried = new Set<string>();
  for (const key of written.flatMap(innerRuns)) {
    if (terms.has(key) || tried.has(key)) continue;
    tried.add(key);
    if (vocabulary.byKey.has(key) || options.inCode(key)) terms.set(key, 1);
  }
  if (weights.expansion > 0) {
    const expansions = vocabulary.compounds
      .filter((key) => !terms.has(key))
      .map((key) => ({ key, entry: vocabulary.byKey.get(key) }))
      .filter(({ entry }) => entry?.parts.every((part) => options.terms.has(part)))
      .sort((a, b) => (a.entry?.files ?? 0) - (b.entry?.files ?? 0) || (a.key < b.key ? -1 : 1))
      .slice(0, MAX_EXPANSIONS);
    for (const { key } of expansions) terms.set(key, weights.expansion);
  }
  const lower = new Set(written.map((word) => word.toLowerCase()));
  const asks = {
    tests: [...TEST_WORDS].some((word) => lower.has(word)),
    docs: [...DOCS_WORDS].some((word) => lower.has(word)),
  };
  return { terms, named, asks };
}
