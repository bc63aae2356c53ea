import { tokenize } from './text-rank.js';

/** The words of a text (`tokenize`), each with where it stands, read once for every cut of the text. */
export interface TokenSpans {
  readonly text: string;
  /** The words in order, lower-cased. */
  readonly terms: readonly string[];
  /** Offset in `text` where each word starts (it ends its length later). */
  readonly starts: Uint32Array;
}

/** Capital sigma: its lower case depends on the letters around it, so a slice may lower it otherwise. */
const CONTEXT_CASED = /\u03A3/;

/**
 * The words of `text` with their offsets, or undefined when offsets in its lower case would not
 * be offsets in it (a letter whose lower case is longer, like İ) or a slice could lower a letter
 * otherwise (Σ): callers then tokenize each slice as before.
 */
export function tokenSpans(text: string): TokenSpans | undefined {
  const lower = text.toLowerCase();
  if (lower.length !== text.length || CONTEXT_CASED.test(text)) return undefined;
  // What `WORD` matches, read in one pass with where each word starts: runs of two or more
  // letters or digits (code points), most of them ASCII, which a table answers without the regex.
  const terms: string[] = [];
  const found: number[] = [];
  let start = -1;
  let length = 0;
  for (let index = 0; index < lower.length; ) {
    const code = lower.charCodeAt(index);
    const point = code < 0xd800 || code > 0xdbff ? code : (lower.codePointAt(index) as number);
    const width = point > 0xffff ? 2 : 1;
    if (isWordPoint(point)) {
      if (start === -1) {
        start = index;
        length = 0;
      }
      length += 1;
    } else {
      if (length >= 2) {
        terms.push(lower.slice(start, index));
        found.push(start);
      }
      start = -1;
      length = 0;
    }
    index += width;
  }
  if (length >= 2) {
    terms.push(lower.slice(start));
    found.push(start);
  }
  return { text, terms, starts: Uint32Array.from(found) };
}

/** Whether a code point is a letter or a digit (`\p{L}` or `\p{N}`), remembered for the BMP's. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const known = new Uint8Array(0x10000);
for (let code = 0; code < 128; code += 1)
  known[code] = LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 1 : 2;

function isWordPoint(point: number): boolean {
  if (point > 0xffff) return LETTER_OR_DIGIT.test(String.fromCodePoint(point));
  let answer = known[point];
  if (answer === 0) {
    // A lone surrogate is no letter, as the regex reads it.
    answer = LETTER_OR_DIGIT.test(String.fromCodePoint(point)) ? 1 : 2;
    known[point] = answer;
  }
  return answer === 1;
}

/** Position of the first word ending after `offset`. */
function firstEndingAfter(spans: TokenSpans, offset: number): number {
  let low = 0;
  let high = spans.terms.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((spans.starts[middle] ?? 0) + (spans.terms[middle]?.length ?? 0) <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The words of the text between `slice.start` and `slice.end`, as `tokenize` would read that slice:
 * whole words from the spans, and a word the slice cuts read again from its part inside it.
 */
export function termsBetween(spans: TokenSpans, slice: { start: number; end: number }): string[] {
  const { start, end } = slice;
  const terms: string[] = [];
  for (let position = firstEndingAfter(spans, start); position < spans.terms.length; position += 1) {
    const wordStart = spans.starts[position] ?? 0;
    const wordEnd = wordStart + (spans.terms[position]?.length ?? 0);
    if (wordStart >= end) break;
    if (wordStart >= start && wordEnd <= end) terms.push(spans.terms[position] ?? '');
    else terms.push(...tokenize(spans.text.slice(Math.max(start, wordStart), Math.min(end, wordEnd))));
  }
  return terms;
}

/**
 * Spans of the pages read last, by the object holding the text: a page is indexed by the knowledge
 * and cut for the extractor in the step that reads it, so its words are read once for both. Only
 * the last `REMEMBERED_PAGES` are kept (a step's reads, its sub-researchers' included): the spans
 * of a page take several times its text, and a run may read hundreds.
 */
const remembered = new Map<object, { text: string; spans: TokenSpans | undefined }>();
const REMEMBERED_PAGES = 32;

/** The spans of `holder`'s `text`, read on first use (see `tokenSpans`). */
export function tokenSpansOf(holder: { readonly text: string }): TokenSpans | undefined {
  const known = remembered.get(holder);
  if (known && known.text === holder.text) {
    // The newest last: the oldest is the first to go.
    remembered.delete(holder);
    remembered.set(holder, known);
    return known.spans;
  }
  const spans = tokenSpans(holder.text);
  remembered.delete(holder);
  remembered.set(holder, { text: holder.text, spans });
  if (remembered.size > REMEMBERED_PAGES) remembered.delete(remembered.keys().next().value as object);
  return spans;
}
