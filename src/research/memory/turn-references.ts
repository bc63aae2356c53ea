import type { PriorTurn } from '../../config/index.js';
import { canonicalUrl } from '../../shared/index.js';

/** A source an earlier answer cites, with what the answer says it says. */
export interface TurnReference {
  url: string;
  /** The title its citation, reference line or link gave, if any. */
  title?: string;
  /** The answer's sentences that cite it (markers and links taken out), else the answer's lead. */
  claim: string;
}

/** Characters of a claim kept: the sentences citing a source, or the lead of the answer. */
const CLAIM_CHARS = 500;

/** `http(s)://…` up to a space or a character no bare URL ends with in prose. */
const BARE_URL = /https?:\/\/[^\s<>()[\]"'`]+/g;
/** `[label](url "title")` and `![alt](url)`: the label is group 2, the URL group 3. */
const INLINE_LINK = /(!?)\[([^\]\n]{0,500})\]\(\s*<?(https?:\/\/[^\s>)]+)>?(?:\s+"[^"\n]{0,300}")?\s*\)/g;
/** `<https://…>`. */
const AUTOLINK = /<(https?:\/\/[^\s>]+)>/g;
/** `[1]`, `[^2]`, `[1, 3]`; never `[1](…)` (a link) or `[1]:` (a definition). */
const MARKER = /\[\^?([\w-]{1,20}(?:\s*,\s*\^?[\w-]{1,20})*)\](?![(:])/g;
/** A citation's whole span when it is one marker: `[2]`, `[^2]`. */
const ONE_MARKER = /^\[\^?([\w-]{1,20})\]$/;
/** A reference line: `[1]: url "title"`, `[^1]: Title, url`, `[1] Title — url`. */
const REFERENCE_LINE = /^[ \t]{0,3}\[\^?([\w-]{1,20})\]:?[ \t]+(.*)$/;
/** A numbered list line `1. Title — url`: a reference line when `[1]` is cited elsewhere. */
const NUMBERED_LINE = /^[ \t]{0,3}(\d{1,3})[.)][ \t]+(.*)$/;

/** A cited source found in the answer, at an offset (undefined: the answer as a whole). */
interface Occurrence {
  url: string;
  title?: string;
  at?: number;
}

/** A URL as written, without the punctuation prose puts after it. */
function trimUrl(url: string): string {
  return url.replace(/[.,;:!?]+$/, '');
}

/** Words of a reference line around its URL: its title. */
function titleAround(text: string, url: string): string | undefined {
  const title = text
    .replace(url, ' ')
    .replace(/[<>"“”]/g, ' ')
    .replace(/\s+[-–—:|]\s*$|^\s*[-–—:|]\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.,;:–—-]+$/, '')
    .trim();
  return title === '' ? undefined : title;
}

/** Labels the text cites with markers (`[1]` → "1"), outside reference lines. */
function citedLabels(lines: readonly string[]): Set<string> {
  const labels = new Set<string>();
  for (const line of lines) {
    if (REFERENCE_LINE.test(line)) continue;
    for (const match of line.matchAll(MARKER))
      for (const label of (match[1] ?? '').split(',')) labels.add(label.replace(/[\s^]/g, ''));
  }
  return labels;
}

/** The label and text of a line that may list a source: `[1]: …` (`defined`) or `1. …`. */
function listedSource(
  line: string,
): { label: string; rest: string; url: string; defined: boolean } | undefined {
  const defined = REFERENCE_LINE.exec(line);
  const match = defined ?? NUMBERED_LINE.exec(line);
  const url = match?.[2]?.match(BARE_URL)?.[0];
  if (!match?.[1] || !url) return undefined;
  return { label: match[1], rest: match[2] ?? '', url, defined: defined !== null };
}

/**
 * Reference lines (`[1]: url`, and the numbered lines with a URL `1. Title url` when one of their
 * numbers is cited as `[n]`), by label, and the offsets of the lines they take: those are a list
 * of sources, not claims.
 */
function referenceLines(text: string) {
  const lines = text.split('\n');
  const cited = citedLabels(lines);
  const listed = lines.map(listedSource);
  const numberedList = listed.some((entry) => entry && !entry.defined && cited.has(entry.label));
  const definitions = new Map<string, Occurrence>();
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  lines.forEach((line, index) => {
    const end = start + line.length;
    const entry = listed[index];
    if (entry && (entry.defined || numberedList)) {
      const title = titleAround(entry.rest.replace(INLINE_LINK, '$2 $3'), entry.url);
      if (!definitions.has(entry.label))
        definitions.set(entry.label, { url: trimUrl(entry.url), ...(title ? { title } : {}) });
      spans.push({ start, end });
    }
    start = end + 1;
  });
  return { definitions, spans };
}

/** A sentence of the answer: its span and whether it starts a line. */
interface Sentence {
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
function sentencesOf(text: string): Sentence[] {
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
function plainSentence(text: string): string {
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
function sentenceAt(sentences: readonly Sentence[], text: string, at: number): Sentence | undefined {
  const index = sentences.findIndex((sentence) => at >= sentence.start && at <= sentence.end);
  const sentence = sentences[index];
  if (!sentence) return undefined;
  const before = text.slice(sentence.start, at);
  const previous = sentences[index - 1];
  if (previous && !sentence.startsLine && /^\s*(\[[^\]\n]*\]\s*)*$/.test(before)) return previous;
  return sentence;
}

/** Every cited source of the answer, in order: citations given, markers, links and bare URLs. */
function occurrences(turn: PriorTurn, text: string, skip: (at: number) => boolean): Occurrence[] {
  const { definitions } = referenceLines(text);
  const found: Occurrence[] = [];
  for (const citation of turn.citations) {
    // A citation past the text (ours point at the end when the answer has no marker for it) backs the whole answer.
    const at = citation.start !== undefined && citation.start < text.length ? citation.start : undefined;
    const marked = at === undefined ? undefined : ONE_MARKER.exec(text.slice(at, citation.end ?? at));
    const occurrence = { url: citation.url, ...(citation.title ? { title: citation.title } : {}) };
    const label = marked?.[1];
    if (label && !definitions.has(label)) definitions.set(label, occurrence);
    found.push({ ...occurrence, ...(at !== undefined ? { at } : {}) });
  }
  for (const match of text.matchAll(MARKER)) {
    if (skip(match.index)) continue;
    for (const label of (match[1] ?? '').split(',')) {
      const definition = definitions.get(label.replace(/[\s^]/g, ''));
      if (definition) found.push({ ...definition, at: match.index });
    }
  }
  const linked = new Set<number>();
  for (const match of text.matchAll(INLINE_LINK)) {
    for (let index = match.index; index < match.index + match[0].length; index += 1) linked.add(index);
    if (match[1] === '!' || skip(match.index) || !match[3]) continue;
    const label = (match[2] ?? '').trim();
    const title = /^\^?[\w-]{1,20}$/.test(label) ? undefined : label;
    found.push({ url: match[3], ...(title ? { title } : {}), at: match.index });
  }
  for (const pattern of [AUTOLINK, BARE_URL]) {
    for (const match of text.matchAll(pattern)) {
      if (linked.has(match.index) || skip(match.index)) continue;
      for (let index = match.index; index < match.index + match[0].length; index += 1) linked.add(index);
      found.push({ url: trimUrl(match[1] ?? match[0]), at: match.index });
    }
  }
  // Reference lines name sources too, when nothing in the text cites them.
  for (const definition of definitions.values())
    found.push({ url: definition.url, ...(definition.title ? { title: definition.title } : {}) });
  return found;
}

/**
 * The sources an earlier answer cites — its citations (annotations), the `[n]` markers its
 * reference lines or citations define, its markdown links and its bare URLs — each once, in order
 * of first citation, with the sentences that cite it as its claim. Linear in the answer's length.
 */
export function turnReferences(turn: PriorTurn): TurnReference[] {
  const text = turn.answer;
  const { spans } = referenceLines(text);
  const inReferenceLine = (at: number) => spans.some((span) => at >= span.start && at <= span.end);
  const sentences = sentencesOf(text).filter((sentence) => !inReferenceLine(sentence.start));
  const lead = plainSentence(sentences.map((sentence) => text.slice(sentence.start, sentence.end)).join(' '));
  const references = new Map<string, { url: string; title?: string; claims: string[] }>();
  for (const occurrence of occurrences(turn, text, inReferenceLine)) {
    const key = canonicalUrl(occurrence.url);
    const reference = references.get(key) ?? { url: occurrence.url, claims: [] };
    if (!reference.title && occurrence.title) reference.title = occurrence.title;
    const sentence = occurrence.at === undefined ? undefined : sentenceAt(sentences, text, occurrence.at);
    const claim = sentence ? plainSentence(text.slice(sentence.start, sentence.end)) : '';
    if (claim && !reference.claims.includes(claim)) reference.claims.push(claim);
    references.set(key, reference);
  }
  return [...references.values()].map((reference) => ({
    url: reference.url,
    ...(reference.title ? { title: reference.title } : {}),
    claim: (reference.claims.length > 0 ? reference.claims.join(' ') : lead).slice(0, CLAIM_CHARS),
  }));
}

/** The answer as the planner reads it: no reference lines, links as their words, one paragraph. */
export function plainAnswer(turn: PriorTurn, maxChars: number): string {
  const { spans } = referenceLines(turn.answer);
  const sentences = sentencesOf(turn.answer).filter(
    (sentence) => !spans.some((span) => sentence.start >= span.start && sentence.start <= span.end),
  );
  return plainSentence(
    sentences.map((sentence) => turn.answer.slice(sentence.start, sentence.end)).join(' '),
  ).slice(0, maxChars);
}
