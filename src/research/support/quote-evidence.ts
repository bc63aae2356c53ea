import type { Analysis } from './analyse.js';
import { RELATIVE_DAY_OFFSETS, WEEKDAY_NUMBERS } from './common-words.js';
import type { DateReading } from './dates.js';
import { MAX_STATED_DAYS, statedDays } from './days.js';
import { type FigureIndex, indexFigures } from './figure-index.js';
import { withoutPossessive } from './names.js';
import { stemOf } from './stems.js';
import { isCapitalised, type Token } from './tokens.js';

/** Words kept per four-letter prefix: inflected forms are few, and hostile text must not make lookups slow. */
const MAX_WORDS_PER_PREFIX = 64;

/** What a set of quotes holds, indexed for the checks: words, stems, initials, figures, dates. */
export interface Evidence {
  /** Folded words, possessives removed, and hyphenated words squashed (`iberoamerican`). */
  words: Set<string>;
  /** Porter stems of the words. */
  stems: Set<string>;
  /** Words by their first four letters, for inflected forms (`Canada` / `Canadian`). */
  byPrefix: Map<string, string[]>;
  /** Initials of runs of capitalised words (`Democratic National Committee` → `dnc`). */
  initialisms: Set<string>;
  /** Acronyms written in capitals (`DNC`, `B.A.`), folded and without dots. */
  acronyms: Set<string>;
  /** Identifiers squashed (`covid19`, `f1`), also from a word followed by a number (`Apollo 11`). */
  codes: Set<string>;
  /** Figures other than identifiers and decades, by value. */
  figures: FigureIndex;
  /** Every year stated: as a year, in a date, or in a range. */
  years: Set<number>;
  /** First years of the decades stated, and of the decades of the years stated. */
  decades: Set<number>;
  /** Readings of the dates stated, by month. */
  datesByMonth: Map<number, DateReading[]>;
  /** Weekdays named with a capital (0 Sunday … 6 Saturday): "Wednesday evening" in a dated story. */
  weekdays: Set<number>;
  /** Days from the date of the source to the days named relative to it ("yesterday": -1). */
  dayOffsets: Set<number>;
  /** The days stated in full (day, month, year), as days since 1970: at most MAX_STATED_DAYS. */
  days: number[];
}

function addWord(evidence: Evidence, word: string): void {
  if (evidence.words.has(word)) return;
  evidence.words.add(word);
  evidence.stems.add(stemOf(word));
  if (word.length < 4) return;
  const prefix = word.slice(0, 4);
  const list = evidence.byPrefix.get(prefix) ?? [];
  if (list.length < MAX_WORDS_PER_PREFIX) list.push(word);
  evidence.byPrefix.set(prefix, list);
}

/** Small words that do not end a run of initials (`Bank of England` → `be`). */
const INITIALS_GAPS: ReadonlySet<string> = new Set(['of', 'and', 'the', 'for', '&']);

/** Initials of runs of capitalised words, and acronyms: `DNC`, `NASA`, and dotted `B.A.`, `U.S.`. */
function addInitials(evidence: Evidence, tokens: readonly Token[]): void {
  let run = '';
  let dotted = '';
  const close = () => {
    if (run.length >= 2) evidence.initialisms.add(run);
    if (dotted.length >= 2) evidence.acronyms.add(dotted);
    run = '';
    dotted = '';
  };
  tokens.forEach((token, index) => {
    if (token.kind === 'mark' && token.text === '.' && token.joined && tokens[index - 1]?.text.length === 1)
      return;
    if (token.kind !== 'word') {
      close();
      return;
    }
    if (token.text.length >= 2 && token.text.length <= 6 && token.text === token.text.toUpperCase()) {
      evidence.acronyms.add(token.folded);
    }
    if (!isCapitalised(token.text)) {
      if (!(run && INITIALS_GAPS.has(token.folded))) close();
      return;
    }
    if (token.text.length === 1 && tokens[index + 1]?.text === '.') dotted += token.folded;
    run += token.folded[0] ?? '';
  });
  close();
}

/** Parts of a hyphenated word squashed at most (`Ibero-American` has two): bounded work on `a-a-a-…`. */
const MAX_COMPOUND_PARTS = 4;

/** Words, squashed hyphenated words and `word number` identifiers of one quote. */
function addWords(evidence: Evidence, tokens: readonly Token[]): void {
  let compound = '';
  let parts = 0;
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    if (token.kind === 'number' && previous?.kind === 'word') {
      evidence.codes.add(`${previous.folded}${token.text}`.replace(/[^\p{L}\p{N}]/gu, ''));
    }
    if (token.kind !== 'word') return;
    const weekday = isCapitalised(token.text) ? WEEKDAY_NUMBERS.get(token.folded) : undefined;
    if (weekday !== undefined) evidence.weekdays.add(weekday);
    const offset = RELATIVE_DAY_OFFSETS.get(token.folded);
    if (offset !== undefined) evidence.dayOffsets.add(offset);
    const word = withoutPossessive(token.folded);
    addWord(evidence, word);
    const hyphenated =
      previous?.text === '-' &&
      token.joined &&
      tokens[index - 2]?.kind === 'word' &&
      parts < MAX_COMPOUND_PARTS;
    compound = hyphenated ? compound + word : word;
    parts = hyphenated ? parts + 1 : 1;
    if (hyphenated) addWord(evidence, compound);
    // "Tech Crunch" written as two capitalised words holds the name "TechCrunch".
    if (
      !hyphenated &&
      previous?.kind === 'word' &&
      isCapitalised(previous.text) &&
      isCapitalised(token.text)
    ) {
      addWord(evidence, withoutPossessive(previous.folded) + word);
    }
  });
}

/** Indexes what the quotes (their analyses) hold. */
export function evidenceOf(analyses: readonly Analysis[]): Evidence {
  const evidence: Evidence = {
    words: new Set(),
    stems: new Set(),
    byPrefix: new Map(),
    initialisms: new Set(),
    acronyms: new Set(),
    codes: new Set(),
    figures: indexFigures([]),
    years: new Set(),
    decades: new Set(),
    datesByMonth: new Map(),
    weekdays: new Set(),
    dayOffsets: new Set(),
    days: [],
  };
  const figures = analyses.flatMap((analysis) => analysis.figures);
  for (const analysis of analyses) {
    addWords(evidence, analysis.tokens);
    addInitials(evidence, analysis.tokens);
    for (const reading of analysis.dates.flatMap((date) => date.readings)) {
      for (const year of reading.years ?? []) evidence.years.add(year);
      if (evidence.days.length < MAX_STATED_DAYS) evidence.days.push(...statedDays(reading));
      if (reading.month === undefined) continue;
      const list = evidence.datesByMonth.get(reading.month) ?? [];
      list.push(reading);
      evidence.datesByMonth.set(reading.month, list);
    }
  }
  for (const figure of figures) {
    if (figure.code) evidence.codes.add(figure.code);
    if (figure.kind === 'year') for (const year of figure.values) evidence.years.add(year);
    if (figure.kind === 'decade') for (const decade of figure.values) evidence.decades.add(decade);
  }
  for (const year of evidence.years) evidence.decades.add(Math.floor(year / 10) * 10);
  evidence.figures = indexFigures(
    figures.filter((figure) => figure.kind !== 'code' && figure.kind !== 'decade'),
  );
  return evidence;
}
