import { tokenize, WORD } from './text-rank.js';

/** The words of a text (`tokenize`), each with where it stands, read once for every cut of the text. */
export interface TokenSpans {
  readonly text: string;
  /** The words in order, lower-cased. */
  readonly terms: readonly string[];
  /** Offset in `text` where each word starts. */
  readonly starts: readonly number[];
  /** Offset in `text` just after each word. */
  readonly ends: readonly number[];
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
  const terms: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (const match of lower.matchAll(WORD)) {
    terms.push(match[0]);
    starts.push(match.index);
    ends.push(match.index + match[0].length);
  }
  return { text, terms, starts, ends };
}

/** Position of the first word ending after `offset`. */
function firstEndingAfter(spans: TokenSpans, offset: number): number {
  let low = 0;
  let high = spans.ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((spans.ends[middle] ?? 0) <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The words of `text.slice(start, end)`, as `tokenize` would read that slice: whole words from the
 * spans, and a word the slice cuts read again from its part inside the slice.
 */
export function termsBetween(spans: TokenSpans, start: number, end: number): string[] {
  const terms: string[] = [];
  for (let position = firstEndingAfter(spans, start); position < spans.terms.length; position += 1) {
    const wordStart = spans.starts[position] ?? 0;
    const wordEnd = spans.ends[position] ?? 0;
    if (wordStart >= end) break;
    if (wordStart >= start && wordEnd <= end) terms.push(spans.terms[position] ?? '');
    else terms.push(...tokenize(spans.text.slice(Math.max(start, wordStart), Math.min(end, wordEnd))));
  }
  return terms;
}

/**
 * Spans per object holding a text (a page read): it is read once however many indexes cut it, and
 * read again only when the object's text is another.
 */
const remembered = new WeakMap<object, { text: string; spans: TokenSpans | undefined }>();

/** The spans of `holder`'s `text`, read on first use (see `tokenSpans`). */
export function tokenSpansOf(holder: { readonly text: string }): TokenSpans | undefined {
  const known = remembered.get(holder);
  if (known && known.text === holder.text) return known.spans;
  const spans = tokenSpans(holder.text);
  remembered.set(holder, { text: holder.text, spans });
  return spans;
}
