import { startOfRange } from '../../search/index.js';
import { escapeRegExp, normalizeDateText, parseDate } from '../../shared/index.js';
import { RECENCY_WORDS } from './recency-words.js';
import type { SearchTimeRange } from './time-range.js';

/** A window the engine chose for a text, and the phrase or date of the text that asks for it. */
export interface InferredTimeRange {
  range: SearchTimeRange;
  /** What in the text asks for recency: a phrase ("this week") or a date ("2026-11-20"). */
  cue: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Characters of a text read for recency cues (a question is far shorter). */
const MAX_TEXT_CHARS = 2_000;
/** Most words a date spans ("le 5 juin 2026 a 10h"). */
const MAX_DATE_WORDS = 6;
/** Texts whose date spans are kept (a run's question and sub-questions, a few runs at once). */
const CACHED_TEXTS = 64;
const spanCache = new Map<string, string[]>();
const textCache = new Map<string, { normalized: string; phrases: { cue: string; days: number }[] }>();
/** Windows the engine chooses, narrowest first; `hour` is left to the planner to ask for. */
const WINDOWS: readonly SearchTimeRange[] = ['day', 'week', 'month', 'year'];

/** Text in a script written without spaces between words, where a phrase is found inside a word. */
const unspacedScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** "2026年11月20日", "2026년 11월 20일": dates in scripts without spaces. */
const unspacedDate = /\d{4}\s*[年년]\s*\d{1,2}\s*[月월](?:\s*\d{1,2}\s*[日일号號]?)?/gu;

/** Each reach's phrases as a matcher: whole words for spaced scripts, substrings for the others. */
const matchers = RECENCY_WORDS.map(({ reachDays, words }) => {
  const spaced = words.filter((word) => !unspacedScript.test(word));
  const alternatives = [...spaced].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return {
    reachDays,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u'),
    unspaced: words.filter((word) => unspacedScript.test(word)),
  };
});

/** The narrowest window reaching `days` back, none past a year. */
function windowReaching(days: number, now: Date): SearchTimeRange | undefined {
  return WINDOWS.find((range) => (now.getTime() - startOfRange(range, now).getTime()) / DAY_MS >= days);
}

/** Recency phrases of a normalized text, as the days they reach back. */
function phraseCues(text: string): { cue: string; days: number }[] {
  return matchers.flatMap(({ reachDays, pattern, unspaced }) => {
    const spaced = pattern.exec(text)?.[0];
    const inside = unspaced.find((word) => text.includes(word));
    return [spaced, inside].flatMap((cue) => (cue ? [{ cue, days: reachDays }] : []));
  });
}

/** Words of a normalized text without the punctuation around them ("2026?" → "2026"). */
function wordsOf(text: string): string[] {
  return text
    .split(' ')
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/**
 * A text normalized and its recency phrases, which do not depend on the clock either: kept for
 * the last texts like their date spans (the planner's prompt reads the question every step).
 */
function readText(text: string): { normalized: string; phrases: { cue: string; days: number }[] } {
  const cached = textCache.get(text);
  if (cached) return cached;
  const normalized = normalizeDateText(text);
  const read = { normalized, phrases: phraseCues(normalized) };
  if (textCache.size >= CACHED_TEXTS) textCache.delete(textCache.keys().next().value ?? '');
  textCache.set(text, read);
  return read;
}

/**
 * The dates of a normalized text: every run of up to `MAX_DATE_WORDS` words the date parser reads
 * ("yesterday", "3 days ago", "June 2026", "vor 3 Tagen", "2026-11-20"), longest first. Whether
 * words are a date does not depend on the clock, so the spans of the last texts are kept: the
 * question is read again at every search and every planner prompt.
 */
function dateSpans(text: string, now: Date): string[] {
  const cached = spanCache.get(text);
  if (cached) return cached;
  const words = wordsOf(text);
  const candidates: string[] = [...(text.match(unspacedDate) ?? [])];
  const read = (from: number, to: number) => parseDate(words.slice(from, to).join(' '), { now })?.getTime();
  for (let start = 0; start < words.length; ) {
    let end = Math.min(start + MAX_DATE_WORDS, words.length);
    while (end > start && read(start, end) === undefined) end -= 1;
    if (end === start) {
      start += 1;
      continue;
    }
    // A date in words takes the words before it along ("on november 20 2026"): drop those.
    let from = start;
    while (end - from > 1 && read(from + 1, end) === read(start, end)) from += 1;
    candidates.push(words.slice(from, end).join(' '));
    start = end;
  }
  if (spanCache.size >= CACHED_TEXTS) spanCache.delete(spanCache.keys().next().value ?? '');
  spanCache.set(text, candidates);
  return candidates;
}

/**
 * Dates of a normalized text within the last year, as the days back their start lies. A date in
 * the future or older than a year asks for no window, and "now" is a present-state phrase (see
 * `RECENCY_WORDS`), not a date.
 */
function dateCues(text: string, now: Date): { cue: string; days: number }[] {
  return dateSpans(text, now).flatMap((cue) => {
    const date = parseDate(cue, { now });
    if (!date || date.getTime() === now.getTime()) return [];
    const days = (now.getTime() - date.getTime()) / DAY_MS;
    return days < -1 ? [] : [{ cue, days: Math.max(0, days) }];
  });
}

/**
 * The time range a text about recent events asks for, or undefined for a timeless one: the
 * narrowest window that reaches back as far as its recency phrases ("today", "this week",
 * "latest", "current", "now", in the languages of `RECENCY_WORDS`) and its dates within the last
 * year ("yesterday", "3 days ago", "November 2026", relative to `now`).
 */
export function inferTimeRange(text: string, now: Date): InferredTimeRange | undefined {
  const { normalized, phrases } = readText(text.slice(0, MAX_TEXT_CHARS));
  let best: InferredTimeRange | undefined;
  let bestDays = Number.POSITIVE_INFINITY;
  for (const { cue, days } of [...phrases, ...dateCues(normalized, now)]) {
    const range = windowReaching(days, now);
    if (range && days < bestDays) {
      best = { range, cue };
      bestDays = days;
    }
  }
  return best;
}
