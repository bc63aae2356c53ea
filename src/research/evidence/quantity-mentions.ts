import type { Finding } from '../../contract/index.js';
import {
  type Analysis,
  analyse,
  contentStem,
  dateFound,
  type Evidence,
  evidenceOf,
  figureFound,
} from '../support/index.js';
import { CLAUSE_LINKS, CLAUSE_MARKS } from './clause-words.js';

/** A value a text states: a figure or a date, with the words of the clause it belongs to. */
export interface QuantityMention {
  findingId: string;
  /** Dates and years compare with dates and years, numbers with numbers, ordinals with ordinals. */
  kind: 'date' | 'number' | 'ordinal';
  /** Ids of the units of a number (`m`, `percent`); empty for a bare number or a date. */
  units: string[];
  /** The value as written (`330 metres`, `20 July 1969`). */
  text: string;
  /** Its clause with the value left out (`The tower is … tall`). */
  about: string;
  /** Its place among the values of its text (0 for the first): ties go to values in the same place. */
  position: number;
  /** Stems of the content words of its clause (and of the first clause, when its own is bare). */
  subject: Set<string>;
  /** Whether a text (its evidence) states this value, written any way. */
  statedIn: (evidence: Evidence) => boolean;
  /**
   * Dates in the clause of a number (`14 million in 2023`): they say when it held, so numbers of
   * different dates are different quantities. Such a date is no mention of its own.
   */
  qualifiers: WrittenValue[];
}

/** A value as written, and how to look for it in another text. */
export type WrittenValue = Pick<QuantityMention, 'text' | 'statedIn'>;

/** Mentions kept per text: bounded work on long or hostile claims. */
const MAX_MENTIONS_PER_TEXT = 8;
/** Fewest subject words a clause needs on its own; a barer one borrows the first clause's. */
const MIN_SUBJECT_WORDS = 2;
/** Characters of `about`. */
const ABOUT_CHARS = 160;

interface Span {
  start: number;
  end: number;
}

/** Token ranges `[start, end)` of the clauses of a text. */
function clausesOf(analysis: Analysis): Span[] {
  const clauses: Span[] = [];
  let start = 0;
  analysis.tokens.forEach((token, index) => {
    const mark = token.kind === 'mark' && CLAUSE_MARKS.has(token.text);
    const link = token.kind === 'word' && CLAUSE_LINKS.has(token.folded);
    if (!mark && !link) return;
    if (index > start) clauses.push({ start, end: index });
    start = mark ? index + 1 : index;
  });
  if (analysis.tokens.length > start) clauses.push({ start, end: analysis.tokens.length });
  return clauses;
}

/** Content stems of the tokens of `span` outside any value. */
function subjectOf(analysis: Analysis, span: Span, values: ReadonlySet<number>): Set<string> {
  const stems = new Set<string>();
  for (let index = span.start; index < span.end; index += 1) {
    const token = analysis.tokens[index];
    if (token?.kind !== 'word' || values.has(index)) continue;
    const stem = contentStem(token.folded);
    if (stem) stems.add(stem);
  }
  return stems;
}

/** The clause's words as written, the value `[start, end)` replaced by "…". */
function aboutOf(analysis: Analysis, clause: Span, value: Span): string {
  const at = (index: number) => analysis.tokens[index];
  const before = analysis.text.slice(at(clause.start)?.start ?? 0, at(value.start)?.start ?? 0);
  const after = analysis.text.slice(at(value.end - 1)?.end ?? 0, at(clause.end - 1)?.end ?? 0);
  return `${before.trim()} … ${after.trim()}`.replace(/\s+/g, ' ').trim().slice(0, ABOUT_CHARS);
}

/** A value of a text before its clause is attached. */
type Value = Pick<QuantityMention, 'kind' | 'units' | 'text' | 'statedIn'> & Span;

/** The figures and dates a text states: digits, and number words from "two" up; no identifiers. */
function valuesOf(analysis: Analysis): Value[] {
  const values: Value[] = [];
  for (const figure of analysis.figures) {
    if (
      figure.kind === 'code' ||
      (figure.spelled && (figure.kind !== 'number' || (figure.values[0] ?? 0) < 2))
    )
      continue;
    const date = figure.kind === 'year' || figure.kind === 'decade';
    values.push({
      kind: date ? 'date' : figure.kind === 'ordinal' ? 'ordinal' : 'number',
      units: date ? [] : figure.units,
      text: figure.text,
      statedIn: (evidence) => figureFound(figure, evidence),
      start: figure.start,
      end: figure.end,
    });
  }
  for (const date of analysis.dates) {
    values.push({
      kind: 'date',
      units: [],
      text: date.text,
      statedIn: (evidence) => dateFound(date.readings, evidence),
      start: date.start,
      end: date.end,
    });
  }
  return values.sort((a, b) => a.start - b.start).slice(0, MAX_MENTIONS_PER_TEXT);
}

/** The values a text states, each with its clause's subject words. */
export function mentionsIn(text: string, findingId: string): QuantityMention[] {
  const analysis = analyse(text);
  const values = valuesOf(analysis);
  const taken = new Set<number>();
  for (const value of values) for (let index = value.start; index < value.end; index += 1) taken.add(index);
  const clauses = clausesOf(analysis);
  const first = clauses[0];
  const main = first ? subjectOf(analysis, first, taken) : new Set<string>();
  const placed = values.map((value) => ({
    value,
    clause: clauses.find((span) => span.start <= value.start && value.end <= span.end) ?? value,
  }));
  const inClause = (clause: Span) =>
    placed.filter((item) => item.clause === clause).map((item) => item.value);
  return placed
    .flatMap(({ value: { start, end, ...value }, clause }) => {
      const neighbours = inClause(clause);
      const qualifiers = value.kind === 'date' ? [] : neighbours.filter((other) => other.kind === 'date');
      if (value.kind === 'date' && neighbours.some((other) => other.kind !== 'date')) return [];
      const own = subjectOf(analysis, clause, taken);
      const subject = own.size >= MIN_SUBJECT_WORDS ? own : new Set([...main, ...own]);
      return [{ ...value, findingId, subject, qualifiers, about: aboutOf(analysis, clause, { start, end }) }];
    })
    .map((mention, position) => ({ ...mention, position }));
}

const cache = new WeakMap<Finding, QuantityMention[]>();

/** The values a finding's claim states (its quotes hold them: findings are checked at extraction). */
export function mentionsOf(finding: Finding): QuantityMention[] {
  const known = cache.get(finding);
  if (known) return known;
  const mentions = mentionsIn(finding.claim, finding.id);
  cache.set(finding, mentions);
  return mentions;
}

const valueEvidence = new WeakMap<WrittenValue, Evidence>();

/** What a value holds, as evidence another value can be looked for in. */
function evidenceOfValue(mention: WrittenValue): Evidence {
  const known = valueEvidence.get(mention);
  if (known) return known;
  const evidence = evidenceOf([analyse(mention.text)]);
  valueEvidence.set(mention, evidence);
  return evidence;
}

/** Whether two values are the same, written any way (`330 m` and `330 metres`). */
export function sameValue(a: WrittenValue, b: WrittenValue): boolean {
  return a.statedIn(evidenceOfValue(b)) || b.statedIn(evidenceOfValue(a));
}
