/** A stretch of an answer: text that states nothing checkable (headings, code, blank lines) or a sentence. */
export type AnswerPiece = { kind: 'text'; text: string } | { kind: 'sentence'; text: string };

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Lines that hold no sentence: headings, rules, table separators, blank lines. */
const NON_SENTENCE_LINE =
  /^\s{0,3}(#{1,6}\s|([-*_]\s*){3,}$|\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$)|^\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;
/** The line under a table's header row. */
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
/** A list item's marker, or a blockquote's: what a sentence on that line starts after. */
const LINE_PREFIX = /^(\s*(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+|\s*(?:>\s*)+)/;
/** Citation markers at the start of a segment, which belong to the sentence before. */
const LEADING_MARKERS = /^(\s*\[[^\]\n]{1,40}\])+/;
/**
 * Ends of a segment that are an abbreviation, not a sentence end: initials and dotted abbreviations
 * (J., e.g., U.S.) and short capitalised titles (Mr., Dr., St.).
 */
const ABBREVIATION_END = /(?:^|[\s(])(?:(?:\p{L}\.){1,4}|\p{Lu}\p{Ll}{0,2}\.)\s*$/u;

interface Span {
  start: number;
  end: number;
}

/** Sentence spans of one paragraph's text (offset by `base`), markers kept with their sentence. */
function paragraphSentences(text: string, base: number): Span[] {
  const spans: Span[] = [];
  let pending: Span | undefined;
  for (const { segment, index } of segmenter.segment(text)) {
    let start = index;
    const leading = LEADING_MARKERS.exec(segment);
    const last = pending ?? spans.at(-1);
    if (leading && last) {
      last.end = base + index + leading[0].length;
      start = index + leading[0].length;
    }
    const trimmed = text.slice(start, index + segment.length);
    const offset = trimmed.length - trimmed.trimStart().length;
    const span = { start: base + start + offset, end: base + start + trimmed.trimEnd().length };
    if (span.end <= span.start) continue;
    if (pending) {
      pending.end = span.end;
    } else {
      pending = span;
    }
    if (!ABBREVIATION_END.test(trimmed)) {
      spans.push(pending);
      pending = undefined;
    }
  }
  if (pending) spans.push(pending);
  return spans;
}

/**
 * Splits a markdown answer into sentences and the text between them, so that joining the pieces
 * gives the answer back. Headings, rules, table separators and code blocks hold no sentence; a list
 * item or table row is one sentence; paragraphs are split into sentences, citation markers staying
 * with the sentence they follow.
 */
export function splitSentences(markdown: string): AnswerPiece[] {
  const spans: Span[] = [];
  const lines = markdown.split('\n');
  let offset = 0;
  let inFence = false;
  let paragraph: Span | undefined;
  const flush = () => {
    if (paragraph)
      spans.push(...paragraphSentences(markdown.slice(paragraph.start, paragraph.end), paragraph.start));
    paragraph = undefined;
  };
  for (const [index, line] of lines.entries()) {
    const start = offset;
    const end = offset + line.length;
    offset = end + 1;
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence || NON_SENTENCE_LINE.test(line)) {
      flush();
      continue;
    }
    const prefix = LINE_PREFIX.exec(line)?.[0] ?? '';
    const isItem = /(?:[-*+]|\d{1,3}[.)])\s+$/.test(prefix);
    // A table's header row names its columns: it states nothing to check.
    if (/^\s*\|/.test(line) && TABLE_SEPARATOR.test(lines[index + 1] ?? '')) {
      flush();
      continue;
    }
    if (isItem || /^\s*\|/.test(line)) {
      flush();
      const content = { start: start + prefix.length, end: start + line.trimEnd().length };
      if (content.end > content.start) spans.push(content);
      continue;
    }
    if (prefix && paragraph) flush();
    if (paragraph) paragraph.end = end;
    else paragraph = { start: start + prefix.length, end };
  }
  flush();
  const pieces: AnswerPiece[] = [];
  let cursor = 0;
  for (const span of spans) {
    if (span.start > cursor) pieces.push({ kind: 'text', text: markdown.slice(cursor, span.start) });
    pieces.push({ kind: 'sentence', text: markdown.slice(span.start, span.end) });
    cursor = span.end;
  }
  if (cursor < markdown.length) pieces.push({ kind: 'text', text: markdown.slice(cursor) });
  return pieces;
}
