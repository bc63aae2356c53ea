/** One token of a text: a number, a word, or a single punctuation mark, with where it stands. */
export interface Token {
  kind: 'date' | 'number' | 'word' | 'mark';
  /** The token as written. */
  text: string;
  /** Lower-cased, without diacritics (NFD marks removed), for comparisons. */
  folded: string;
  start: number;
  end: number;
  /** Whether the token touches the one before it (no space between them: `9th`, `B-52`). */
  joined: boolean;
}

/**
 * A numeric date (`1969-07-20`, `20/07/1969`, `20.07.69`); a number with thousands groups of exactly three digits (`1,500,000`, `1.500.000`, `1 500 000` with
 * a no-break or thin space) and an optional decimal part; a word of Unicode letters with inner
 * apostrophes; or one other visible character. Each alternative consumes at least one character and
 * never backtracks into another, so the scan is linear in the length of the text.
 */
const TOKEN =
  /(\d{4}-\d{1,2}-\d{1,2}(?!\d)|\d{1,2}([./-])\d{1,2}\2\d{2,4}(?!\d))|(\d+(?:[,.\u00A0\u202F\u2009]\d{3}(?!\d))*(?:[.,]\d+)?)|([\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*)|([^\s\p{L}\p{M}\d])/gu;

/** Lower case without diacritics: `Zürich` → `zurich`, `ÉCOLE` → `ecole`. */
export function fold(text: string): string {
  // Most words are ASCII: lower-casing is all they need.
  if (/^[ -~]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The tokens of a text (normalised by the caller, see `normalizeInput`), in order. */
export function tokenizeText(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = -1;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    const value = match[0];
    const kind =
      match[1] !== undefined
        ? 'date'
        : match[3] !== undefined
          ? 'number'
          : match[4] !== undefined
            ? 'word'
            : 'mark';
    tokens.push({
      kind,
      text: value,
      folded: kind === 'word' ? fold(value) : value,
      start,
      end: start + value.length,
      joined: start === previousEnd,
    });
    previousEnd = start + value.length;
  }
  return tokens;
}

/** Whether a word starts with a capital letter (any script that has case). */
export function isCapitalised(word: string): boolean {
  const first = String.fromCodePoint(word.codePointAt(0) ?? 0);
  return first !== first.toLowerCase();
}

/**
 * A citation marker (`[F3]`, `[F3, F7]`, `[2]`, `[1-3]`): the sentence's pointer to its quotes, not
 * a figure of it. Separators and digits never overlap, so a failed match costs one pass.
 */
const CITATION_MARKER = /\[\s*(?:F\d+|\d{1,3})(?:\s*[-,;]\s*(?:F\d+|\d{1,3}))*\s*\]/gi;

/**
 * Citation markers removed, compatibility forms folded (full-width digits, `²`, ligatures) and typographic quotes and dashes
 * made plain, so that the same fact written on two keyboards compares equal.
 */
export function normalizeInput(text: string): string {
  return text
    .normalize('NFKC')
    .replace(CITATION_MARKER, ' ')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-');
}
