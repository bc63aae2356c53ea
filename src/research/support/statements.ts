import { analyse } from './analyse.js';
import { bindingsOf, type FactBinding } from './binding.js';
import { structureTags } from './clauses.js';
import { convertible, isConversion } from './conversions.js';
import { sameWord } from './relation-rules.js';
import { DIMENSIONS } from './relation-words.js';
import { sameValue } from './relations.js';
import { subjectOf } from './subjects.js';

/**
 * One figure a text states, with what it is bound to: who or what it is about, what it measures,
 * and the year or place that qualifies it. Two of them conflict only when they are about one
 * entity, one attribute and one qualifier, and differ in value (`statementsConflict`).
 */
export interface FigureStatement {
  /** The figure as written ("330 metres"). */
  text: string;
  /** Its values (a written figure may mean several: `1.500`). */
  values: number[];
  /** Ids of its units (`m`, `percent`, `dollar`…), empty when it has none. */
  units: string[];
  /** Nouns and names of the subject of its statement ("the tower" → `tower`), empty when a pronoun. */
  entity: string[];
  /** What it measures: a dimension (`height`) or the noun it counts (`inhabitant`), when the text says. */
  attribute?: string;
  /** The years that qualify it ("in 2023"): part of what is measured. */
  years: number[];
  /** A place that qualifies it ("in Spain"), folded. */
  place?: string;
  /** The binding it was read from, for comparing values the support check's way. */
  binding: FactBinding;
}

/** A dimension named anywhere in the figure's statement ("the tower is the tallest"). */
function dimensionOfStatement(text: ReturnType<typeof analyse>, binding: FactBinding): string | undefined {
  const tags = structureTags(text);
  const clause = binding.clause;
  if (!clause) return undefined;
  for (let at = clause.start; at < clause.end; at += 1) {
    const dimension =
      DIMENSIONS.get(text.tokens[at]?.folded ?? '') ?? DIMENSIONS.get(tags[at]?.lemma.toLowerCase() ?? '');
    if (dimension) return dimension;
  }
  return undefined;
}

/**
 * The figures a text states with their bindings (years and dates aside: they qualify figures here).
 * The same reading as the support check's: one text of a source, claim or quote, at a time.
 */
export function figureStatements(written: string): FigureStatement[] {
  const text = analyse(written);
  return bindingsOf(text).flatMap((binding) => {
    const figure = binding.figure;
    if (figure?.kind !== 'number') return [];
    return [
      {
        text: figure.text,
        values: figure.values,
        units: figure.units,
        entity: subjectOf(text, binding.clause)?.words ?? [],
        attribute: binding.dimension ?? binding.noun ?? dimensionOfStatement(text, binding),
        years: binding.years,
        place: binding.place,
        binding,
      },
    ];
  });
}

const sharesWord = (a: readonly string[], b: readonly string[]) =>
  a.some((word) => b.some((other) => sameWord(word, other)));

/** Whether two statements give one value, written alike or in units that convert ("330 m" / "1,083 ft"). */
function sameQuantity(a: FigureStatement, b: FigureStatement): boolean {
  const [first, second] = [a.binding.figure, b.binding.figure];
  if (!first || !second) return false;
  return sameValue(a.binding, b.binding) || isConversion(first, second) || isConversion(second, first);
}

/**
 * Whether two figure statements disagree: the same entity (a shared noun or name), the same
 * attribute, the same qualifiers (a year or place one states and the other does not, or states
 * otherwise, makes them two measurements), units that measure one thing, and another value.
 */
export function statementsConflict(a: FigureStatement, b: FigureStatement): boolean {
  if (!sharesWord(a.entity, b.entity)) return false;
  if (!a.attribute || !b.attribute || !sameWord(a.attribute, b.attribute)) return false;
  const sameYears = a.years.length === b.years.length && a.years.every((year) => b.years.includes(year));
  if (!sameYears || a.place !== b.place) return false;
  const comparable =
    (a.units.length === 0 && b.units.length === 0) ||
    a.units.some((unit) => b.units.includes(unit)) ||
    convertible(a.units, b.units);
  return comparable && !sameQuantity(a, b);
}
