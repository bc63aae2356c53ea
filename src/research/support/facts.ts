import type { Analysis } from './analyse.js';
import { bracketedConversions } from './conversions.js';
import type { Figure } from './figures.js';
import { dateFound, figureFound, missingNameWords } from './match.js';
import type { Name } from './names.js';
import { type Evidence, evidenceOf } from './quote-evidence.js';

/** One fact of a sentence its quotes must hold: a figure, a date or a name. */
export interface Fact {
  kind: 'figure' | 'date' | 'name';
  /** As written in the sentence. */
  text: string;
  /** Its tokens, folded: what a quote must hold besides them to be more than a fragment. */
  tokens: string[];
  /** The name, for a name. */
  name?: Name;
  /** A year, a decade or a month of a year: a date without its day. */
  yearOnly: boolean;
  /** The years it states (a date or a year; none for other figures). */
  years: number[];
  /**
   * A name the sentence lists with another ("Erik Hersman, Juliana Rotich and David Kobia"): one
   * member of what the sentence enumerates, never context it adds.
   */
  listed: boolean;
  /** A count under ten written in words ("the final three frames"): one a writer counts from the quotes. */
  spelledCount: boolean;
  /** Its tokens in the sentence, `[start, end)`. */
  start: number;
  end: number;
  /** Whether `evidence` holds it. */
  foundIn: (evidence: Evidence) => boolean;
}

/** Largest count written in words that a writer may have counted rather than copied. */
const MAX_SPELLED_COUNT = 9;

/**
 * Figures a sentence states: every one written in digits, and number words from "two" up ("the
 * first", "one of" and "for the second time" state no figure a quote must hold).
 */
export function isStated(figure: Figure): boolean {
  if (!figure.spelled) return true;
  return figure.kind === 'number' && (figure.values[0] ?? 0) >= 2;
}

/** Words that join the last members of a list ("A, B and C"), alone or after a comma. */
const LIST_CONJUNCTIONS: readonly string[] = ['and', 'or', '&', ',and', ',or'];

/**
 * The names of a sentence it lists: a run of names joined by commas and closed by a conjunction
 * ("Erik Hersman, Juliana Rotich and David Kobia"). Commas alone join a place to its region
 * ("Topeka, Kansas"), and a sign written without spaces joins words of one name ("R&B").
 */
function listedNames(sentence: Analysis): Set<Name> {
  const listed = new Set<Name>();
  let run: Name[] = [];
  let closed = false;
  const end = () => {
    if (closed) for (const name of run) listed.add(name);
    run = [];
    closed = false;
  };
  const linkAfter = (name: Name, until: number) =>
    sentence.tokens
      .slice(name.end, Math.min(until, name.end + 2))
      .map((token) => token.folded)
      .join('');
  sentence.names.forEach((name, index) => {
    run.push(name);
    const next = sentence.names[index + 1];
    const linked = next !== undefined && next.start > name.end && !sentence.tokens[next.start]?.joined;
    const between = linked ? linkAfter(name, next.start) : '';
    if (linked && next.start - name.end <= 2 && LIST_CONJUNCTIONS.includes(between)) closed = true;
    else if (!(linked && between === ',' && next.start - name.end === 1)) {
      // "via Spotify, Amazon and iTunes": a run of names a conjunction follows is a list whatever comes next.
      const after = sentence.tokens.slice(name.end, name.end + 2).map((token) => token.folded);
      const conjunction =
        LIST_CONJUNCTIONS.includes(after[0] ?? '') || LIST_CONJUNCTIONS.includes(after.join(''));
      if (run.length > 1 && conjunction) closed = true;
      end();
    }
  });
  end();
  return listed;
}

const tokensOf = (analysis: Analysis, start: number, end: number) =>
  analysis.tokens.slice(start, end).map((token) => token.folded);

/**
 * The facts of a sentence: its figures, its dates, and the names it introduces (a name the
 * question holds is not introduced, and is never looked for in the quotes).
 */
export function factsOf(sentence: Analysis, question: Evidence): Fact[] {
  const facts: Fact[] = [];
  // "10 kg (22 lb)": the bracketed figure converts the one before it, and a quote may hold either.
  const conversions = bracketedConversions(sentence.figures, sentence.tokens);
  const conversionsOf = new Set(conversions.values());
  for (const [index, figure] of sentence.figures.entries()) {
    if (!isStated(figure) || conversionsOf.has(figure)) continue;
    const conversion = conversions.get(index);
    const kind = figure.kind === 'year' || figure.kind === 'decade' ? 'date' : 'figure';
    facts.push({
      kind,
      text: figure.text,
      tokens: tokensOf(sentence, figure.start, figure.end),
      yearOnly: kind === 'date',
      listed: false,
      years: figure.kind === 'year' ? figure.values : [],
      spelledCount:
        figure.spelled && figure.kind === 'number' && (figure.values[0] ?? 0) <= MAX_SPELLED_COUNT,
      start: figure.start,
      end: figure.end,
      foundIn: (evidence) =>
        figureFound(figure, evidence) || (conversion !== undefined && figureFound(conversion, evidence)),
    });
  }
  for (const date of sentence.dates) {
    facts.push({
      kind: 'date',
      text: date.text,
      tokens: tokensOf(sentence, date.start, date.end),
      yearOnly: date.readings.every((reading) => reading.day === undefined),
      listed: false,
      years: date.readings.flatMap((reading) => [...(reading.years ?? [])]),
      spelledCount: false,
      start: date.start,
      end: date.end,
      foundIn: (evidence) => dateFound(date.readings, evidence),
    });
  }
  const nothing = evidenceOf([]);
  const listed = listedNames(sentence);
  for (const name of sentence.names) {
    if (missingNameWords(name, nothing, question).length === 0) continue;
    facts.push({
      kind: 'name',
      text: name.text,
      tokens: tokensOf(sentence, name.start, name.end),
      name,
      yearOnly: false,
      listed: listed.has(name),
      years: [],
      spelledCount: false,
      start: name.start,
      end: name.end,
      foundIn: (evidence) => missingNameWords(name, evidence, question).length === 0,
    });
  }
  return facts;
}
