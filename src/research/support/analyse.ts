import { type DateMention, findDates } from './dates.js';
import { type Figure, findFigures } from './figures.js';
import { findNames, type Name } from './names.js';
import { normalizeInput, type Token, tokenizeText } from './tokens.js';

/** What the check reads in one text: its tokens, dates, figures and names. Shared: never changed after reading. */
export interface Analysis {
  text: string;
  tokens: Token[];
  dates: DateMention[];
  figures: Figure[];
  names: Name[];
}

/**
 * Texts whose analysis is kept, the most recently used first: a run checks the same quotes again and
 * again (the finding, each sentence citing it, its revision, the memory recheck), and the tags and
 * structure read from an analysis are kept with it.
 */
const MAX_KEPT_TEXTS = 2_000;
/** Longest text kept: quotes and sentences are shorter, and a hostile page is read once and let go. */
const MAX_KEPT_LENGTH = 4_000;

const kept = new Map<string, Analysis>();

/** Reads a text's dates first, then the figures and names among the tokens no date took. */
function read(raw: string): Analysis {
  const text = normalizeInput(raw);
  const tokens = tokenizeText(text);
  const dates = findDates(tokens, text);
  const taken = new Set<number>();
  for (const date of dates) for (let index = date.start; index < date.end; index += 1) taken.add(index);
  const figures = findFigures(tokens, text, taken);
  for (const figure of figures) {
    for (let index = figure.start; index < figure.end; index += 1) taken.add(index);
  }
  const names = findNames(tokens, text, taken);
  return { text, tokens, dates, figures, names };
}

/** The analysis of a text: read once while it is among the MAX_KEPT_TEXTS last used. */
export function analyse(raw: string): Analysis {
  const known = kept.get(raw);
  if (known) {
    // Most recently used last: the first key is the one to let go.
    kept.delete(raw);
    kept.set(raw, known);
    return known;
  }
  const analysis = read(raw);
  if (raw.length > MAX_KEPT_LENGTH) return analysis;
  if (kept.size >= MAX_KEPT_TEXTS) kept.delete(kept.keys().next().value ?? '');
  kept.set(raw, analysis);
  return analysis;
}

/** Forgets every kept analysis: a bench measures the check on texts it has not read yet. */
export function forgetAnalyses(): void {
  kept.clear();
}
