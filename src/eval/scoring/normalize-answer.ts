/**
 * The answer normalisation of the official SQuAD v1.1 and HotpotQA evaluation scripts, step for
 * step: lower-case, drop ASCII punctuation (Python's `string.punctuation`; other punctuation such
 * as ’ or – stays), replace the words a/an/the by a space, and join the whitespace-separated tokens
 * with single spaces. The character classes are written out so that they mean what Python 3's do:
 * `\b` around the articles uses Unicode word characters (letters, numbers, underscore), and the
 * final split uses Python's whitespace (which includes U+001C–U+001F and U+0085 but not U+FEFF),
 * not JavaScript's.
 */
const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+001C–U+001F are whitespace to Python's str.split().
const PYTHON_WHITESPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/** The normalised answer, as the official scripts' `normalize_answer` returns it. */
export function normalizeAnswer(text: string): string {
  const lowered = text.toLowerCase();
  const withoutPunctuation = lowered.replace(ASCII_PUNCTUATION, '');
  const withoutArticles = withoutPunctuation.replace(ARTICLES, ' ');
  return answerTokens(withoutArticles).join(' ');
}

/** Tokens split on Python whitespace, empty ones dropped (like Python's `str.split()`). */
function answerTokens(text: string): string[] {
  return text.split(PYTHON_WHITESPACE).filter((token) => token !== '');
}
