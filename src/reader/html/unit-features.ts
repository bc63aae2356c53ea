import { type ContentUnit, wordCountsOf } from './content-units.js';
import { HEADING_TAGS } from './dom.js';

/** What the reader knows of the page a unit is on (see `PassResult`). */
export interface PageKind {
  title: string;
  article: boolean;
  product: boolean;
  discussion: boolean;
}

/**
 * What the unit filter reads of each unit, in the order of a feature vector: its own shape, where it
 * sits, its neighbours, its look-alikes, and how its words echo the title and the rest of the content.
 * A model is trained on this order (`bench/reader-unit-model.ts`); changing it means training again.
 */
export const UNIT_FEATURES = [
  'logWords',
  'linkShare',
  'headingRank',
  'isListItem',
  'isParagraph',
  'isRun',
  'isCell',
  'isPreformatted',
  'inList',
  'inTable',
  'inQuote',
  'depth',
  'position',
  'wordsBefore',
  'wordsAfter',
  'previousLogWords',
  'nextLogWords',
  'previousLinkShare',
  'nextLinkShare',
  'endsSentence',
  'digitShare',
  'capitalShare',
  'meanWordLength',
  'logSentences',
  'commaRate',
  'logPageWords',
  'logUnits',
  'logLookAlikes',
  'lookAlikeShare',
  'logSiblings',
  'siblingShare',
  'besideLongest',
  'shareOfLongest',
  'hasTime',
  'images',
  'shortRun',
  'separators',
  'isTitle',
  'titleEcho',
  'contentEcho',
  'neighbourEcho',
  'logLongWords',
  'article',
  'product',
  'discussion',
] as const;

/** Words this long carry a topic; shorter ones are mostly function words in the languages we read. */
const LONG_WORD = /[\p{L}\p{N}]{5,}/gu;
/** Fewer words than this make a unit short (a label, a date, a button's text). */
const SHORT_UNIT = 6;

const longWordsOf = (text: string) => new Set(text.toLowerCase().match(LONG_WORD) ?? []);

/** What one pass over a unit's characters counts (its text's whitespace is already single spaces). */
interface CharacterCounts {
  /** Letters and digits, and digits alone. */
  letters: number;
  digits: number;
  /** Sentence ends (`.`, `!` or `?` before a space or the end), commas and semicolons, separators (`|·•`). */
  sentences: number;
  commas: number;
  separators: number;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;

function characterCountsOf(text: string): CharacterCounts {
  const counts = { letters: 0, digits: 0, sentences: 0, commas: 0, separators: 0 };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) {
      if (code >= 48 && code <= 57) {
        counts.letters++;
        counts.digits++;
      } else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) counts.letters++;
      else if (code === 44 || code === 59) counts.commas++;
      else if (code === 124) counts.separators++;
      else if (
        (code === 46 || code === 33 || code === 63) &&
        (index + 1 === text.length || text[index + 1] === ' ')
      )
        counts.sentences++;
      continue;
    }
    if (code === 0xb7 || code === 0x2022) counts.separators++;
    // A letter or digit outside the ASCII range, perhaps written as two UTF-16 units (each is counted,
    // as the length of the text's letters is).
    const point = text.codePointAt(index)!;
    const character = String.fromCodePoint(point);
    if (LETTER_OR_DIGIT.test(character)) {
      counts.letters += character.length;
      if (DIGIT.test(character)) counts.digits += character.length;
    }
    index += character.length - 1;
  }
  return counts;
}

/** The share of a set's members that `has` accepts (0 for an empty set). */
function shareOf(words: ReadonlySet<string>, has: (word: string) => boolean): number {
  if (words.size === 0) return 0;
  let hits = 0;
  for (const word of words) if (has(word)) hits++;
  return hits / words.size;
}

/** How many units, and how many words, each key gathers. */
function tally<K>(
  units: readonly ContentUnit[],
  keyOf: (unit: ContentUnit) => K,
): Map<K, { count: number; words: number }> {
  const tallies = new Map<K, { count: number; words: number }>();
  for (const unit of units) {
    const key = keyOf(unit);
    const entry = tallies.get(key) ?? { count: 0, words: 0 };
    entry.count++;
    entry.words += unit.words;
    tallies.set(key, entry);
  }
  return tallies;
}

/** For each unit, how long the run of short units it stands in is (0 for a unit not short). */
function shortRunsOf(units: readonly ContentUnit[]): number[] {
  const runs = new Array<number>(units.length).fill(0);
  let start = 0;
  while (start < units.length) {
    let end = start;
    while (end < units.length && units[end]!.words < SHORT_UNIT) end++;
    for (let index = start; index < end; index++) runs[index] = end - start;
    start = end === start ? start + 1 : end;
  }
  return runs;
}

/** The feature vector of every unit, in `UNIT_FEATURES`' order. */
export function unitFeaturesOf(units: readonly ContentUnit[], page: PageKind): number[][] {
  if (units.length === 0) return [];
  const total = units.reduce((sum, unit) => sum + unit.words, 0) || 1;
  const lookAlikes = tally(units, (unit) => unit.signature);
  const siblings = tally(units, (unit) => unit.parent);
  const longest = units.reduce((best, unit) => (unit.words > best.words ? unit : best));
  // A loop, not `Math.min(...)`: a hostile page's hundreds of thousands of units overflow a spread.
  const topDepth = units.reduce((least, unit) => Math.min(least, unit.depth), Number.POSITIVE_INFINITY);
  const title = page.title.toLowerCase().replace(/\s+/g, ' ').trim();
  const titleWords = longWordsOf(page.title);
  const unitWords = units.map((unit) => longWordsOf(unit.text));
  const unitsHolding = new Map<string, number>();
  for (const words of unitWords)
    for (const word of words) unitsHolding.set(word, (unitsHolding.get(word) ?? 0) + 1);
  const shortRuns = shortRunsOf(units);
  const linkShare = (unit: ContentUnit | undefined) =>
    unit && unit.words > 0 ? unit.linkWords / unit.words : 0;
  let before = 0;
  return units.map((unit, index) => {
    const previous = units[index - 1];
    const next = units[index + 1];
    const { text } = unit;
    const { words, capitalised: capitals } = wordCountsOf(text);
    const { letters, digits, sentences, commas, separators } = characterCountsOf(text);
    const own = unitWords[index]!;
    const lookAlike = lookAlikes.get(unit.signature)!;
    const sibling = siblings.get(unit.parent)!;
    const vector = [
      Math.log1p(unit.words),
      linkShare(unit),
      HEADING_TAGS.has(unit.tag) ? 7 - Number(unit.tag[1]) : 0,
      unit.tag === 'li' ? 1 : 0,
      unit.tag === 'p' ? 1 : 0,
      unit.tag === 'run' ? 1 : 0,
      unit.tag === 'td' || unit.tag === 'th' ? 1 : 0,
      unit.tag === 'pre' ? 1 : 0,
      unit.inList ? 1 : 0,
      unit.inTable ? 1 : 0,
      unit.inQuote ? 1 : 0,
      unit.depth - topDepth,
      units.length > 1 ? index / (units.length - 1) : 0,
      before / total,
      (total - before - unit.words) / total,
      Math.log1p(previous?.words ?? 0),
      Math.log1p(next?.words ?? 0),
      linkShare(previous),
      linkShare(next),
      /[.!?:;"'”’)]$/.test(text) ? 1 : 0,
      letters > 0 ? digits / letters : 0,
      words > 0 ? capitals / words : 0,
      words > 0 ? letters / words : 0,
      Math.log1p(sentences),
      words > 0 ? commas / words : 0,
      Math.log1p(total),
      Math.log1p(units.length),
      Math.log1p(lookAlike.count),
      lookAlike.words / total,
      Math.log1p(sibling.count),
      sibling.words / total,
      longest.parent === unit.parent ? 1 : 0,
      unit.words / (longest.words || 1),
      unit.hasTime ? 1 : 0,
      Math.min(unit.images, 5),
      Math.log1p(shortRuns[index]!),
      separators,
      title !== '' && text.length === title.length && text.toLowerCase() === title ? 1 : 0,
      shareOf(own, (word) => titleWords.has(word)),
      shareOf(own, (word) => (unitsHolding.get(word) ?? 0) > 1),
      shareOf(own, (word) => Boolean(unitWords[index - 1]?.has(word) || unitWords[index + 1]?.has(word))),
      Math.log1p(own.size),
      page.article ? 1 : 0,
      page.product ? 1 : 0,
      page.discussion ? 1 : 0,
    ];
    before += unit.words;
    return vector;
  });
}
