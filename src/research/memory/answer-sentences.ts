import { AUTOLINK, BARE_URL, INLINE_LINK, MARKER, trimUrl } from './reference-lines.js';

/** A sentence of the answer: its span and whether it starts a line. */
export interface Sentence {
  start: number;
  end: number;
  startsLine: boolean;
}

/** Where the citation markers right after `from` end ("tall.[1][2] It" → the space), or `from`. */
function afterMarkers(text: string, from: number): number {
  let at = from;
  while (text[at] === '[') {
    // A marker is short: look no further than its longest spelling, so this stays linear.
    const marker = text.slice(at, at + 26);
    const close = marker.indexOf(']');
    if (close < 0 || marker.slice(0, close).includes('\n')) break;
    at += close + 1;
  }
  return at;
}

/** Sentences: split at line breaks and at `.`, `!` or `?` before a space (a URL's dots stay inside). */
export function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  let startsLine = true;
  for (let index = 0; index <= text.length; index += 1) {
    const char = text[index];
    const lineEnd = char === '\n' || index === text.length;
    const after = char === '.' || char === '!' || char === '?' ? afterMarkers(text, index + 1) : -1;
    const stop = after >= 0 && /\s/.test(text[after] ?? '');
    if (!lineEnd && !stop) continue;
    const end = lineEnd ? index : after;
    if (text.slice(start, end).trim() !== '') sentences.push({ start, end, startsLine });
    start = end + (lineEnd ? 1 : 0);
    startsLine = lineEnd;
    // The markers after the stop belong to this sentence: go on after them.
    if (!lineEnd) index = end - 1;
  }
  return sentences;
}

/** A sentence as a claim: links as their words, markers and URLs out, one line. */
export function plainSentence(text: string): string {
  return (
    text
      .replace(INLINE_LINK, '$2')
      .replace(AUTOLINK, ' ')
      // A URL goes, the punctuation after it stays: "see https://a.example/x, then" → "see, then".
      .replace(BARE_URL, (url) => ` ${url.slice(trimUrl(url).length)}`)
      .replace(MARKER, '')
      .replace(/^[\s#>*+-]+|[*_`]/g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,;:!?])/g, '$1')
      .trim()
  );
}

/**
 * The sentence a citation at `at` belongs to: the one holding it, or the one before when the
 * citation opens its sentence ("… in 1889. [1] It …").
 */
export function sentenceAt(sentences: readonly Sentence[], text: string, at: number): Sentence | undefined {
  const index = sentences.findIndex((sentence) => at >= sentence.start && at <= sentence.end);
  const sentence = sentences[index];
  if (!sentence) return undefined;
  const before = text.slice(sentence.start, at);
  const previous = sentences[index - 1];
  if (previous && !sentence.startsLine && /^\s*(\[[^\]\n]*\]\s*)*$/.test(before)) return previous;
  return sentence;
}
