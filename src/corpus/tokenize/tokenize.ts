import { stemmer } from 'stemmer';
import { MAX_TOKEN_LENGTH } from '../constants.js';
import { GREEK_LETTER_NAMES } from './greek-letters.js';
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

/** A Greek letter with no Greek letter beside it: a symbol (`TNF-α`, `NF-κB`, `β2`), not a Greek word. */
const LONE_GREEK_LETTER = /(?<!\p{Script=Greek})\p{Script=Greek}(?!\p{Script=Greek})/gu;

/**
 * A word with each Greek letter used as a symbol written as its name, capitalised so it is a part
 * of its own (`TNF-α` → `TNF-Alpha`, `IFNγ` → `IFNGamma`, `NF-κB` → `NF-KappaB`): the text that
 * writes the letter and the text that spells it meet. Words in Greek are left as they are.
 */
function transliterateSymbols(word: string): string {
  return word.replace(LONE_GREEK_LETTER, (letter) => {
    const name = GREEK_LETTER_NAMES.get(letter.toLowerCase());
    return name ? `${name.charAt(0).toUpperCase()}${name.slice(1)}` : letter;
  });
}

/** The tokens of one word: its whole form when it has several parts (else none), and its parts'. */
interface WordTokens {
  whole: string | undefined;
  parts: readonly string[];
}

/** Tokens of one word, cached: code repeats its identifiers, prose its words. */
const wordTokens = new Map<string, WordTokens>();

function tokensOfWord(word: string): WordTokens {
  const cached = wordTokens.get(word);
  if (cached) return cached;
  const split = splitIdentifier(transliterateSymbols(word)).map((part) => part.toLowerCase());
  // The whole identifier, separators dropped, so `get_user`, `getUser` and `get-user` meet.
  const joined = split.length > 1 ? split.join('') : '';
  const tokens: WordTokens = {
    whole: joined && joined.length <= MAX_TOKEN_LENGTH ? joined : undefined,
    parts: split.filter((part) => part.length <= MAX_TOKEN_LENGTH && !STOP_WORDS.has(part)).map(stem),
  };
  if (wordTokens.size >= STEM_CACHE_LIMIT) wordTokens.clear();
  wordTokens.set(word, tokens);
  return tokens;
}

/** A token of a query, and whether it is a word's whole form (`parseurl` of `parseUrl`) beside its parts. */
export interface QueryToken {
  token: string;
  whole: boolean;
}

/** The tokens of `tokenize`, each marked whole or part, for a query to weigh them apart. */
export function queryTokens(text: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  for (const match of text.normalize('NFKC').matchAll(WORD)) {
    const { whole, parts } = tokensOfWord(match[0]);
    if (whole) tokens.push({ token: whole, whole: true });
    for (const part of parts) tokens.push({ token: part, whole: false });
  }
  return tokens;
}

/**
 * Index and query tokens of code or prose, in order: every word lower-cased, stop words dropped and
 * Porter-stemmed; an identifier made of several parts (`parseUrl`, `parse_url`, `parse-url`) gives
 * its parts stemmed plus the whole, unstemmed and without separators (`parseurl`). A Greek letter
 * used as a symbol is read as its name (`TNF-α` as `TNF-alpha`). Tokens hold only letters and
 * digits, so a list of them joined by spaces splits back into the same tokens.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.normalize('NFKC').matchAll(WORD)) {
    const { whole, parts } = tokensOfWord(match[0]);
    if (whole) tokens.push(whole);
    for (const part of parts) tokens.push(part);
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

/**
 * The stemmed parts of a file's name, without its folders and extensions, each once
 * (`ModuleConcatenationPlugin.js` → modul, concaten, plugin; `stop-conditions.ts` → stop, condit).
 */
export function fileNameParts(path: string): string[] {
  const name = (path.split(/[/\\]/).at(-1) ?? '').replace(/\..*$/, '');
  const tokens = tokenize(name);
  // A name of several parts gives its whole form first (`moduleconcatenationplugin`): not a part.
  return [...new Set(splitIdentifier(name).length > 1 ? tokens.slice(1) : tokens)];
}
