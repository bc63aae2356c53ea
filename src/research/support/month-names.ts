/**
 * Month names and their usual abbreviations, folded (lower case, no diacritics), with the month's
 * number. English first, then French, German, Spanish, Italian, Portuguese and Dutch: the languages
 * whose dates share the day-month-year shapes the date reader knows.
 */
const MONTHS_BY_NUMBER: readonly (readonly string[])[] = [
  ['january', 'jan', 'janvier', 'januar', 'janner', 'enero', 'gennaio', 'janeiro', 'januari'],
  ['february', 'feb', 'fevrier', 'fevr', 'februar', 'febrero', 'febbraio', 'fevereiro', 'februari'],
  ['march', 'mar', 'mars', 'marz', 'marzo', 'marco', 'maart'],
  ['april', 'apr', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei'],
  ['june', 'jun', 'juin', 'juni', 'junio', 'giugno', 'junho'],
  ['july', 'jul', 'juillet', 'juli', 'julio', 'luglio', 'julho'],
  ['august', 'aug', 'aout', 'agosto', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'setembro'],
  ['october', 'oct', 'octobre', 'oktober', 'octubre', 'ottobre', 'outubro'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'decembre', 'dezember', 'diciembre', 'dicembre', 'dezembro'],
];

/** Month number (1–12) by folded name or abbreviation. */
export const MONTH_NUMBERS: ReadonlyMap<string, number> = new Map(
  MONTHS_BY_NUMBER.flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

/**
 * Month words that are also ordinary words ("may", "mar", "jan"…): a month only when written with a
 * capital and next to a day or year, or after a word that places something in time ("in May").
 */
export const AMBIGUOUS_MONTHS: ReadonlySet<string> = new Set(['may', 'mar', 'jan', 'sep', 'mai', 'mei']);

/** Words that join a day to its month: "the 20th of July", "20 de julio", "20 di luglio". */
export const DAY_MONTH_LINKS: ReadonlySet<string> = new Set(['of', 'de', 'di', 'del', 'van']);

/** Words that place what follows in time: after one, a capitalised "May" is the month ("in May", "until May"). */
export const TIME_PREPOSITIONS: ReadonlySet<string> = new Set([
  'in',
  'since',
  'until',
  'till',
  'during',
  'by',
  'from',
  'through',
  'early',
  'late',
  'before',
  'after',
]);
