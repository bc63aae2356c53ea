import {
  NOW_WORDS,
  RELATIVE_DATE_WORDS,
  RELATIVE_UNIT_MS,
  type RelativeDateWords,
  type RelativeUnit,
  TODAY_WORDS,
  YESTERDAY_WORDS,
} from './date-words.js';
import { escapeRegExp } from './normalize.js';

const DAY_MS = RELATIVE_UNIT_MS.day;

/** Alternatives longest first, so "hours" is not read as "h" followed by junk. */
function alternatives(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
}

interface RelativePattern {
  pattern: RegExp;
  units: ReadonlyMap<string, RelativeUnit>;
  one: ReadonlySet<string>;
}

/**
 * "[before] [amount] unit[.] [after]", at least one of before and after present; a unit in Latin
 * letters is set apart from the word after it.
 */
function compile(words: RelativeDateWords): RelativePattern {
  const units = new Map<string, RelativeUnit>();
  for (const [unit, names] of Object.entries(words.units) as [RelativeUnit, readonly string[]][]) {
    for (const name of names) units.set(name, unit);
  }
  const amount = `(\\d+${words.one.length > 0 ? `|${alternatives(words.one)}` : ''})?`;
  const unit = `(${alternatives([...units.keys()])})\\.?`;
  const before = words.before.length > 0 ? `(${alternatives(words.before)})?\\s*` : '()';
  // A Latin unit and the word after it are two words ("d ago"): "Dago" and "Yago" are names. Other
  // scripts may write them together ("3日前").
  const after =
    words.after.length > 0 ? `(?:(?:\\s+|(?<!\\p{Script=Latin}))(${alternatives(words.after)}))?` : '()';
  return {
    pattern: new RegExp(`^${before}${amount}\\s*${unit}${after}$`, 'u'),
    units,
    one: new Set(words.one),
  };
}

const patterns = RELATIVE_DATE_WORDS.map(compile);

function startOfUtcDay(time: number): Date {
  return new Date(time - (((time % DAY_MS) + DAY_MS) % DAY_MS));
}

/**
 * A relative date ("2 hrs ago", "vor 3 Tagen", "hace una semana", "3日前", "yesterday") counted back
 * from `now`. "today" and "yesterday" are that day's midnight in UTC (a date of day precision);
 * months are 30 days and years 365. `text` must be normalized (`normalizeDateText`).
 */
export function parseRelativeDate(text: string, now: Date): Date | undefined {
  if (NOW_WORDS.includes(text)) return new Date(now.getTime());
  if (TODAY_WORDS.includes(text)) return startOfUtcDay(now.getTime());
  if (YESTERDAY_WORDS.includes(text)) return startOfUtcDay(now.getTime() - DAY_MS);
  for (const { pattern, units, one } of patterns) {
    const match = pattern.exec(text);
    const [, before, amountText, unitText, after] = match ?? [];
    if (!match || unitText === undefined || (!before && !after)) continue;
    const unit = units.get(unitText);
    const amount = amountText === undefined || one.has(amountText) ? 1 : Number(amountText);
    if (unit === undefined || !Number.isSafeInteger(amount)) continue;
    return new Date(now.getTime() - amount * RELATIVE_UNIT_MS[unit]);
  }
  return undefined;
}
