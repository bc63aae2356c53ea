import type { Analysis } from './analyse.js';
import { type Clause, clauseAt, clausesOf, MAX_STRUCTURE_TOKENS, structureTags } from './clauses.js';
import type { DateMention } from './dates.js';
import type { Figure } from './figures.js';
import { DIMENSIONS } from './relation-words.js';
import type { Tag } from './tagger.js';

/**
 * What a figure or date of a text is bound to there: the relations the support check compares
 * between a sentence and its quote, and conflicts compare between two sources.
 */
export interface FactBinding {
  /** Its tokens, `[start, end)`. */
  start: number;
  end: number;
  /** The figure, for a figure; the date, for a date or a year written as a date. */
  figure?: Figure;
  date?: DateMention;
  /** The atomic statement that holds it. */
  clause?: Clause;
  /** The preposition just before it ("to" in "fell to 7%"), folded. */
  preposition?: string;
  /** The dimension it measures (`height`, `depth`…), when a word names one next to it. */
  dimension?: string;
  /** The noun it counts or measures ("330 stores", "a population of 2.1 million"), as a lemma. */
  noun?: string;
  /** The verb of its statement it is nearest to, as a lemma ("began" → `begin`). */
  verb?: string;
  /** Years that qualify it: the one written just after it ("in 2023"), else the nearest before in its statement. */
  years: number[];
  /** A place that qualifies it: a name written just after it ("12 stores in Spain"), folded. */
  place?: string;
}

/** Words after a figure looked through for what it counts and what qualifies it ("330 full-time staff in 2020"). */
const NOUN_REACH = 3;

const isYearFigure = (figure: Figure) => figure.kind === 'year';

/** The years a figure or date states. */
function yearsOf(binding: { figure?: Figure; date?: DateMention }): number[] {
  if (binding.figure && isYearFigure(binding.figure)) return binding.figure.values;
  return (binding.date?.readings ?? []).flatMap((reading) => [...(reading.years ?? [])]);
}

/** The preposition before token `start`, looking past hedges, determiners and a currency sign. */
function prepositionBefore(
  analysis: Analysis,
  tags: readonly (Tag | undefined)[],
  start: number,
): string | undefined {
  for (let at = start - 1; at >= Math.max(0, start - 4); at -= 1) {
    const tag = tags[at];
    const token = analysis.tokens[at];
    if (!token) return undefined;
    if (tag?.pos === 'ADP' || tag?.pos === 'PART' || token.folded === 'to') return token.folded;
    if (tag?.pos === 'ADV' || tag?.pos === 'DET' || tag?.pos === 'SYM' || tag?.pos === 'ADJ') continue;
    return undefined;
  }
  return undefined;
}

/** The dimension or noun a figure at `[start, end)` measures: written after it, or before "of" it. */
function measured(
  analysis: Analysis,
  tags: readonly (Tag | undefined)[],
  span: { start: number; end: number; counts: boolean },
): { dimension?: string; noun?: string } {
  const next = analysis.tokens[span.end];
  const dimensionAfter = next && DIMENSIONS.get(next.folded);
  if (dimensionAfter) return { dimension: dimensionAfter };
  if (span.counts) {
    for (let at = span.end; at < Math.min(analysis.tokens.length, span.end + NOUN_REACH); at += 1) {
      const tag = tags[at];
      if (tag?.pos === 'NOUN' || tag?.pos === 'PROPN') return { noun: tag.lemma.toLowerCase() };
      if (tag?.pos !== 'ADJ' && analysis.tokens[at]?.text !== '-') break;
    }
  }
  // "a height of 330 m", "its depth is 330 m", "weighs 80 kg": the word before names what it measures.
  for (let at = span.start - 1; at >= Math.max(0, span.start - 4); at -= 1) {
    const token = analysis.tokens[at];
    const tag = tags[at];
    if (!token || token.kind === 'mark' || token.kind === 'number') break;
    const dimension = DIMENSIONS.get(token.folded);
    if (dimension) return { dimension };
    if (tag?.pos === 'NOUN' && analysis.tokens[at + 1]?.folded === 'of')
      return { noun: tag.lemma.toLowerCase() };
    if (
      !(
        tag?.pos === 'ADP' ||
        tag?.pos === 'DET' ||
        tag?.pos === 'ADV' ||
        tag?.pos === 'AUX' ||
        tag?.pos === 'VERB'
      )
    )
      break;
  }
  return {};
}

/** The lemma of the verb of `clause` nearest to `[start, end)`, one before it first. */
function nearestVerb(clause: Clause | undefined, start: number, end: number): string | undefined {
  if (!clause || clause.verbs.length === 0) return undefined;
  let best: { distance: number; lemma: string } | undefined;
  for (const verb of clause.verbs) {
    const distance = verb.index < start ? start - verb.index : verb.index - end + 1.5;
    if (!best || distance < best.distance) best = { distance, lemma: verb.lemma.toLowerCase() };
  }
  return best?.lemma;
}

/** What a qualifying phrase written just after a figure holds: "in 2023", "in Spain". */
function qualifierAfter(
  analysis: Analysis,
  tags: readonly (Tag | undefined)[],
  end: number,
  yearAt: ReadonlyMap<number, number[]>,
): { years?: number[]; place?: string } {
  for (let at = end; at < Math.min(analysis.tokens.length, end + NOUN_REACH + 1); at += 1) {
    const tag = tags[at];
    const token = analysis.tokens[at];
    if (!token) break;
    if (tag?.pos === 'ADP' && ['in', 'during', 'for', 'at'].includes(token.folded)) {
      const years = yearAt.get(at + 1) ?? yearAt.get(at + 2);
      if (years) return { years };
      const following = at + 1;
      if (tags[following]?.pos === 'PROPN') return { place: analysis.tokens[following]?.folded };
      return {};
    }
    if (!(tag?.pos === 'NOUN' || tag?.pos === 'ADJ')) break;
  }
  return {};
}

const cache = new WeakMap<Analysis, FactBinding[]>();

/**
 * The bindings of every figure and date of an analysed text (identifiers and decades aside), in
 * order. Computed once per analysis.
 */
export function bindingsOf(analysis: Analysis): FactBinding[] {
  const known = cache.get(analysis);
  if (known) return known;
  if (analysis.tokens.length > MAX_STRUCTURE_TOKENS) return [];
  const tags = structureTags(analysis);
  const clauses = clausesOf(analysis);
  const items: { start: number; end: number; figure?: Figure; date?: DateMention }[] = [
    ...analysis.figures
      .filter((figure) => figure.kind !== 'code' && figure.kind !== 'decade')
      .map((figure) => ({ start: figure.start, end: figure.end, figure })),
    ...analysis.dates.map((date) => ({ start: date.start, end: date.end, date })),
  ].sort((a, b) => a.start - b.start);
  const yearAt = new Map<number, number[]>();
  for (const item of items) {
    const years = yearsOf(item);
    if (years.length > 0) yearAt.set(item.start, years);
  }
  const bindings = items.map((item): FactBinding => {
    const clause = clauseAt(clauses, item.start);
    const counts = item.figure !== undefined && item.figure.kind === 'number';
    const after = qualifierAfter(analysis, tags, item.end, yearAt);
    const before = items.filter(
      (other) =>
        other.end <= item.start &&
        yearAt.has(other.start) &&
        clause !== undefined &&
        other.start >= clause.start,
    );
    const nearestBefore = before.at(-1);
    const years = yearAt.has(item.start)
      ? []
      : (after.years ?? (nearestBefore ? (yearAt.get(nearestBefore.start) ?? []) : []));
    return {
      ...item,
      clause,
      preposition: prepositionBefore(analysis, tags, item.start),
      ...measured(analysis, tags, { start: item.start, end: item.end, counts }),
      verb: nearestVerb(clause, item.start, item.end),
      years,
      place: after.place,
    };
  });
  cache.set(analysis, bindings);
  return bindings;
}
