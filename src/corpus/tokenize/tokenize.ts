import { stemmer } from 'stemmer';
import { MAX_TOKEN_LENGTH } from '../constants.js';
import { splitIdentifier } from './split-identifier.js';
import { STOP_WORDS } from './stopwords.js';

/** A word of prose or an identifier of code: letters, digits, `_`, `$`, joined by single hyphens. */
const WORD = /[\p{L}\p{N}\p{M}_$]+(?:-[\p{L}\p{N}\p{M}_$]+)*/gu;

/** Porter stems are cached: corpora repeat a small vocabulary many times over. */
const stems = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = /\p{N}/u.test(word) ? word : stemmer(word);
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

function pushWordTokens(word: string, tokens: string[]): void {
  const parts = splitIdentifier(word).map((part) => part.toLowerCase());
  if (parts.length > 1) {
    // The whole identifier, separators dropped, so `get_user`, `getUser` and `get-user` meet.
    const whole = parts.join('');
    if (whole.length <= MAX_TOKEN_LENGTH) tokens.push(whole);
  }
  for (const part of parts) {
    if (part.length <= MAX_TOKEN_LENGTH && !STOP_WORDS.has(part)) tokens.push(stem(part));
  }
}

/**
 * Index and query tokens of code or prose, in order: every word lower-cased, stop words dropped and
 * Porter-stemmed; an identifier made of several parts (`parseUrl`, `parse_url`, `parse-url`) gives
 * its parts stemmed plus the whole, unstemmed and without separators (`parseurl`). Tokens hold only
 * letters and digits, so the FTS5 tokenizer splits them on spaces and nothing else.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.normalize('NFKC').matchAll(WORD)) pushWordTokens(match[0], tokens);
  return tokens;
}

/** Tokens of a relative path: each folder and file name as words (`src/corpus/read-file.ts`). */
export function pathTokens(path: string): string[] {
  return tokenize(path.replace(/[/\\.]+/g, ' '));
}
