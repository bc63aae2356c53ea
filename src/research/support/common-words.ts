/** Words joined to a number by a hyphen that do not make it a code: `mid-1990s`, `pre-2000`, `post-war`. */
export const NUMBER_PREFIXES: ReadonlySet<string> = new Set([
  'mid',
  'pre',
  'post',
  'early',
  'late',
  'circa',
  'ca',
  'c',
  'top',
  'under',
  'over',
  'non',
  'anti',
  'all',
  'the',
]);

/**
 * Capitalised words that open a sentence without being names: articles, pronouns, prepositions,
 * conjunctions and sentence adverbs (English). A sentence's first word outside this list is read
 * as a possible name and looked for in the quotes, case aside.
 */
export const SENTENCE_OPENERS: ReadonlySet<string> = new Set(
  (
    'a an the this that these those there here it its he she they we i you his her hers their our my your ' +
    'in on at of for from by with to into onto upon after before during since until till while when whereas ' +
    'where why how what which who whom whose if although though because as so but and or nor yet also then ' +
    'however moreover furthermore meanwhile later earlier today currently now still thus therefore hence ' +
    'both each every all some many most several few no not neither either one two three first second ' +
    'finally eventually originally initially recently previously subsequently additionally instead ' +
    'according despite following under over between among around about near within without throughout ' +
    'born located based known called named described considered yes again indeed'
  ).split(' '),
);

/** Lower-case words that may sit inside a name between capitalised words (`Bank of England`, `Ludwig van Beethoven`). */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set(
  'of the & for on in de la le les des du da das do dos di del della van von der den ter y e al el bin ibn bint ben'.split(
    ' ',
  ),
);

/** Titles before a name: not part of who it is ("President Obama" is covered by "Barack Obama"). */
export const TITLES: ReadonlySet<string> = new Set(
  (
    'mr mrs ms miss dr prof professor sir dame lord lady king queen prince princess president vice ' +
    'senator sen rep representative gov governor judge justice mayor minister chancellor general gen ' +
    'colonel col captain capt lieutenant lt sergeant sgt admiral pope saint st rev reverend father ' +
    'sister brother chief ceo chairman chair director coach'
  ).split(' '),
);

/**
 * Weekday names and abbreviations (English, French, German, Spanish), folded, by day number (0 is
 * Sunday, as `Date.getUTCDay` counts).
 */
const WEEKDAYS_BY_NUMBER: readonly (readonly string[])[] = [
  ['sunday', 'sun', 'dimanche', 'sonntag', 'domingo'],
  ['monday', 'mon', 'lundi', 'montag', 'lunes'],
  ['tuesday', 'tue', 'tues', 'mardi', 'dienstag', 'martes'],
  ['wednesday', 'wed', 'mercredi', 'mittwoch', 'miercoles'],
  ['thursday', 'thu', 'thur', 'thurs', 'jeudi', 'donnerstag', 'jueves'],
  ['friday', 'fri', 'vendredi', 'freitag', 'viernes'],
  ['saturday', 'sat', 'samedi', 'samstag', 'sabado'],
];

/** Day number (0 Sunday … 6 Saturday) by folded weekday name. */
export const WEEKDAY_NUMBERS: ReadonlyMap<string, number> = new Map(
  WEEKDAYS_BY_NUMBER.flatMap((names, day) => names.map((name) => [name, day] as const)),
);

/** Weekday names: a date's decoration, never checked as a name. */
export const WEEKDAYS: ReadonlySet<string> = new Set(WEEKDAY_NUMBERS.keys());

/** Words that, after "this", "last" or "next", date something relative to when its source was written. */
export const RELATIVE_PERIODS: ReadonlySet<string> = new Set(
  'year month week season spring summer autumn fall winter decade'.split(' '),
);

/** Words that date something relative to when its source was written, on their own. */
export const RELATIVE_DAYS: ReadonlySet<string> = new Set(['yesterday', 'today', 'tonight', 'tomorrow']);

/** Days from the date of its source to the day such a word names ("yesterday" is the day before). */
export const RELATIVE_DAY_OFFSETS: ReadonlyMap<string, number> = new Map([
  ['yesterday', -1],
  ['today', 0],
  ['tonight', 0],
  ['tomorrow', 1],
]);

/** Words of a clock time (`10:35 PM`, `4:23 p.m. ET`, `08:00 GMT`), folded. */
export const CLOCK_WORDS: ReadonlySet<string> = new Set(
  'am pm a p m et pt ct mt est edt pst pdt gmt utc bst cet cest ist jst aest'.split(' '),
);

/** Words before a number that hedge it ("about 300"): the quote may give it a little more precisely. */
export const HEDGES: ReadonlySet<string> = new Set([
  'about',
  'around',
  'approximately',
  'approx',
  'roughly',
  'nearly',
  'almost',
  'some',
  'over',
  'under',
  'than',
  'least',
  'upwards',
  'circa',
  'ca',
  'c',
  'estimated',
  'close',
  '~',
  'environ',
  'etwa',
  'rund',
  'unos',
  'cerca',
]);
