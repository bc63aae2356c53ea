import { PASSAGE_TARGET_CHARS } from './constants.js';
import type { Passage } from './types.js';

export interface SplitPassagesOptions {
  /** Preferred passage length in characters; a passage exceeds it only when one word does. Default 600. */
  targetChars?: number;
}

interface Span {
  start: number;
  end: number;
}

/** Spans of `text` between `start` and `end` separated by `separator`, whitespace trimmed off. */
function spansBetween(text: string, span: Span, separator: RegExp): Span[] {
  const spans: Span[] = [];
  let cursor = span.start;
  const flags = separator.flags.includes('g') ? separator.flags : `${separator.flags}g`;
  const pattern = new RegExp(separator.source, flags);
  pattern.lastIndex = span.start;
  for (let match = pattern.exec(text); match && match.index < span.end; match = pattern.exec(text)) {
    const cut = match.index + match[0].length;
    if (cut > span.end) break;
    spans.push({ start: cursor, end: cut });
    cursor = cut;
    if (match[0].length === 0) pattern.lastIndex++;
  }
  spans.push({ start: cursor, end: span.end });
  return spans
    .map((candidate) => trim(text, candidate))
    .filter((candidate) => candidate.end > candidate.start);
}

function trim(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return { start, end };
}

/** Cuts a span longer than `limit` at the last whitespace before the limit (or hard, if none). */
function hardSplit(text: string, span: Span, limit: number): Span[] {
  const spans: Span[] = [];
  let start = span.start;
  while (span.end - start > limit) {
    const window = text.slice(start, start + limit);
    const space = window.search(/\s\S*$/);
    const cut = space > limit / 2 ? start + space : start + limit;
    spans.push(trim(text, { start, end: cut }));
    start = cut;
  }
  spans.push(trim(text, { start, end: span.end }));
  return spans.filter((candidate) => candidate.end > candidate.start);
}

const paragraphBreak = /\n[ \t]*\n\s*/;
// A sentence ends at . ! ? … (or their CJK forms) followed by whitespace, or right after a CJK stop.
const sentenceBreak = /[.!?…]+["'”’)\]]*\s+|[。！？]+/;

/**
 * Splits text into passages of about `targetChars`: first on paragraph boundaries, then on sentence
 * boundaries inside long paragraphs, then on spaces inside very long sentences. Short neighbouring
 * pieces are merged. Each passage's `start`/`end` are offsets into `text`, so
 * `text.slice(start, end) === passage.text`.
 */
export function splitPassages(text: string, options: SplitPassagesOptions = {}): Passage[] {
  const targetChars = Math.max(1, options.targetChars ?? PASSAGE_TARGET_CHARS);
  const units = spansBetween(text, { start: 0, end: text.length }, paragraphBreak).flatMap((paragraph) =>
    paragraph.end - paragraph.start <= targetChars
      ? [paragraph]
      : spansBetween(text, paragraph, sentenceBreak).flatMap((sentence) =>
          hardSplit(text, sentence, targetChars),
        ),
  );
  const merged: Span[] = [];
  for (const unit of units) {
    const last = merged[merged.length - 1];
    if (last && unit.end - last.start <= targetChars) last.end = unit.end;
    else merged.push({ ...unit });
  }
  return merged.map((span, index) => ({ index, text: text.slice(span.start, span.end), ...span }));
}
