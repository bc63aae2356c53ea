import { type DateMention, findDates } from './dates.js';
import { type Figure, findFigures } from './figures.js';
import { findNames, type Name } from './names.js';
import { normalizeInput, type Token, tokenizeText } from './tokens.js';

/** What the check reads in one text: its tokens, dates, figures and names. */
export interface Analysis {
  text: string;
  tokens: Token[];
  dates: DateMention[];
  figures: Figure[];
  names: Name[];
}

/** Reads a text's dates first, then the figures and names among the tokens no date took. */
export function analyse(raw: string): Analysis {
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
