/**
 * Characters no document may hold: C0 and C1 controls other than tab and newline (XML 1.0 refuses
 * most of them, PDF fonts draw them as boxes), unpaired surrogates, the non-characters U+FFFE and
 * U+FFFF, and the bidi embedding, override and isolate controls, which can make a quote read in
 * another order than it was written ("trojan source"). Page titles, quotes and model text are all
 * hostile.
 */
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as a document may hold it: carriage returns become newlines, unprintable characters go. */
export function printable(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(UNPRINTABLE, '');
}

/** At most `limit` characters (not splitting a surrogate pair), with `…` when cut. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const end = /[\ud800-\udbff]/.test(text.charAt(limit - 2)) ? limit - 2 : limit - 1;
  return `${text.slice(0, end)}…`;
}

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const LEFT_TO_RIGHT = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/;

/** Whether text reads right to left: its first strong letter is Hebrew, Arabic, Syriac or Thaana. */
export function readsRightToLeft(text: string): boolean {
  const right = text.search(RIGHT_TO_LEFT);
  if (right < 0) return false;
  const left = text.search(LEFT_TO_RIGHT);
  return left < 0 || right < left;
}
