import type { PriorTurn } from '../../config/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { plainSentence, sentenceAt, sentencesOf } from './answer-sentences.js';
import {
  AUTOLINK,
  BARE_URL,
  INLINE_LINK,
  MARKER,
  type Occurrence,
  ONE_MARKER,
  referenceLines,
  trimUrl,
} from './reference-lines.js';

/** A source an earlier answer cites, with what the answer says it says. */
export interface TurnReference {
  url: string;
  /** The title its citation, reference line or link gave, if any. */
  title?: string;
  /** The answer's sentences that cite it (markers and links taken out), else the answer's lead. */
  claim: string;
  /** The answer's sentences before the first that cites it (markers and links taken out), at most CONTEXT_SENTENCES. */
  context: string[];
}

/** Sentences before a claim kept as its context: the names a reader of the answer knows by then. */
const CONTEXT_SENTENCES = 12;

/** Characters of a claim kept: the sentences citing a source, or the lead of the answer. */
const CLAIM_CHARS = 500;

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
    found.push({ ...occurrence, at });
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
 * of first citation, with the sentences that cite it as its claim. No pattern backtracks; the work
 * grows with the answer's sentences times its citations, both bounded by `MAX_PRIOR_TURN_CHARS`.
 */
export function turnReferences(turn: PriorTurn): TurnReference[] {
  const text = turn.answer;
  const { spans } = referenceLines(text);
  const inReferenceLine = (at: number) => spans.some((span) => at >= span.start && at <= span.end);
  const sentences = sentencesOf(text).filter((sentence) => !inReferenceLine(sentence.start));
  const lead = plainSentence(sentences.map((sentence) => text.slice(sentence.start, sentence.end)).join(' '));
  const references = new Map<string, { url: string; title?: string; claims: string[]; first?: number }>();
  for (const occurrence of occurrences(turn, text, inReferenceLine)) {
    const key = canonicalUrl(occurrence.url);
    const reference = references.get(key) ?? { url: occurrence.url, claims: [] };
    if (!reference.title && occurrence.title) reference.title = occurrence.title;
    const sentence = occurrence.at === undefined ? undefined : sentenceAt(sentences, text, occurrence.at);
    const claim = sentence ? plainSentence(text.slice(sentence.start, sentence.end)) : '';
    if (claim && !reference.claims.includes(claim)) reference.claims.push(claim);
    if (sentence) reference.first = Math.min(reference.first ?? sentence.start, sentence.start);
    references.set(key, reference);
  }
  const before = (start: number | undefined) =>
    sentences
      .filter((sentence) => start !== undefined && sentence.end <= start)
      .slice(-CONTEXT_SENTENCES)
      .map((sentence) => plainSentence(text.slice(sentence.start, sentence.end)));
  return [...references.values()].map((reference) => ({
    url: reference.url,
    ...(reference.title ? { title: reference.title } : {}),
    claim: (reference.claims.length > 0 ? reference.claims.join(' ') : lead).slice(0, CLAIM_CHARS),
    context: reference.claims.length > 0 ? before(reference.first) : [],
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
