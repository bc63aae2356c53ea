import { MAX_QUERY_CHARACTERS, MAX_QUERY_TERMS } from '../constants.js';
import { CorpusError } from '../errors.js';
import { queryTokens } from '../tokenize/index.js';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The terms of a search query with the weight of each, in order of first use: how often it occurs,
 * a word's whole form (`parseurl` of `parseUrl`, `tnfalpha` of `TNF-α`) counting `wholeWeight(it)`
 * each time instead of 1. A query longer than
 * `MAX_QUERY_CHARACTERS` or with more than `MAX_QUERY_TERMS` distinct terms throws `CorpusError`
 * `query_too_long` before any look-up: every term costs one pass over its postings.
 */
export function queryTerms(query: string, wholeWeight: (whole: string) => number): Map<string, number> {
  const fix = 'shorten it to the words that matter (names, identifiers, an error message)';
  if (query.length > MAX_QUERY_CHARACTERS) {
    throw new CorpusError({
      code: 'query_too_long',
      message: `The search query is ${count(query.length)} characters long; at most ${count(MAX_QUERY_CHARACTERS)} are searched: ${fix}.`,
    });
  }
  const terms = new Map<string, number>();
  for (const { token, whole } of queryTokens(query)) {
    terms.set(token, (terms.get(token) ?? 0) + (whole ? wholeWeight(token) : 1));
  }
  if (terms.size > MAX_QUERY_TERMS) {
    throw new CorpusError({
      code: 'query_too_long',
      message: `The search query has ${count(terms.size)} distinct terms; at most ${MAX_QUERY_TERMS} are searched: ${fix}.`,
    });
  }
  return terms;
}
