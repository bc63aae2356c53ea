import { stemmer } from 'stemmer';
import { MAX_TOKEN_LENGTH } from '../constants.js';
import { splitIdentifier } from './split-identifier.js';
import { STOP_WORDS } from './stopwords.js';

/** A word of prose or an identifier of code: letters, digits, `_`, `$`, joined by single hyphens. */
const WORD = /[\p{L}\p{N}\p{M}_$]+(?:-[\p{L}\p{N}\p{M}_$]+)*/gu;

/** Porter stems (and each word's tokens) are cached: corpora repeat a small vocabulary many times over. */
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

/** Tokens of one word, cached: code repeats its identifiers, prose its words. */
const wordTokens = new Map<string, readonly string[]>();

function tokensOfWord(word: string): readonly string[] {
  const cached = wordTokens.get(word);
  if (cached) return cached;
  const tokens: string[] = [];
  const parts = splitIdentifier(word).map((part) => part.toLowerCase());
  if (parts.length > 1) {
    // The whole identifier, separators dropped, so `get_user`, `getUser` and `get-user` meet.
    const whole = parts.join('');
    if (whole.length <= MAX_TOKEN_LENGTH) tokens.push(whole);
  }
  for (const part of parts) {
    if (part.length <= MAX_TOKEN_LENGTH && !STOP_WORDS.has(part)) tokens.push(stem(part));
  }
  if (wordTokens.size >= STEM_CACHE_LIMIT) wordTokens.clear();
  wordTokens.set(word, tokens);
  return tokens;
}

/**
 * Index and query tokens of code or prose, in order: every word lower-cased, stop words dropped and
 * Porter-stemmed; an identifier made of several parts (`parseUrl`, `parse_url`, `parse-url`) gives
 * its parts stemmed plus the whole, unstemmed and without separators (`parseurl`). Tokens hold only
 * letters and digits, so a list of them joined by spaces splits back into the same tokens.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.normalize('NFKC').matchAll(WORD)) {
    for (const token of tokensOfWord(match[0])) tokens.push(token);
  }
  return tokens;
}

/** The words of a text as written, identifiers whole (`parseUrl`, `parse_url`), in order. */
export function words(text: string): string[] {
  return text.normalize('NFKC').match(WORD) ?? [];
}

/**
 * An identifier's parts joined and lower-cased, the form in which the index keeps a whole
 * identifier: `parseUrl`, `parse_url`, `parse-url` and the words `parse url` joined give `parseurl`.
 */
export function identifierKey(word: string): string {
  return splitIdentifier(word).join('').toLowerCase();
}

/** Tokens of a relative path: each folder and file name as words (`src/corpus/read-file.ts`). */
export function pathTokens(path: string): string[] {
  return tokenize(path.replace(/[/\\.]+/g, ' '));
}
