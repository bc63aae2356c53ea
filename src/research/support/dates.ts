import { AMBIGUOUS_MONTHS, DAY_MONTH_LINKS, MONTH_NUMBERS, TIME_PREPOSITIONS } from './month-names.js';
import { ORDINAL_SUFFIXES } from './number-words.js';
import { isCapitalised, type Token } from './tokens.js';

/** One way to read a date: the parts it states (a year may have two readings: `'19`). */
export interface DateReading {
  years?: readonly number[];
  month?: number;
  day?: number;
}

/** A date written in a text, with the tokens it spans (`[start, end)`) and its readings. */
export interface DateMention {
  text: string;
  start: number;
  end: number;
  readings: DateReading[];
}

const integer = (token: Token | undefined) =>
  token?.kind === 'number' && /^\d+$/.test(token.text) ? Number(token.text) : undefined;

/** Years a written year may mean: `1969`, or a two-digit `69` in either century. */
function yearsOf(token: Token | undefined): number[] | undefined {
  const value = integer(token);
  if (value === undefined || token === undefined) return undefined;
  if (token.text.length === 4 && value >= 1000 && value <= 2199) return [value];
  if (token.text.length === 2) return [1900 + value, 2000 + value];
  return undefined;
}

/** A day number at `index` (`20`, `20th`), and the index after it. */
function dayAt(tokens: readonly Token[], index: number): { day: number; end: number } | undefined {
  const token = tokens[index];
  const value = integer(token);
  if (value === undefined || value < 1 || value > 31 || (token?.text.length ?? 0) > 2) return undefined;
  const suffix = tokens[index + 1];
  if (suffix?.joined && suffix.kind === 'word' && ORDINAL_SUFFIXES.has(suffix.folded)) {
    return { day: value, end: index + 2 };
  }
  if (suffix?.joined && (suffix.kind === 'word' || suffix.text === ':')) return undefined;
  return { day: value, end: index + 1 };
}

/** The month named at `index` (an abbreviation may carry its dot), and the index after it. */
function monthAt(tokens: readonly Token[], index: number): { month: number; end: number } | undefined {
  const token = tokens[index];
  if (token?.kind !== 'word') return undefined;
  const month = MONTH_NUMBERS.get(token.folded);
  if (month === undefined) return undefined;
  const dot = tokens[index + 1];
  return { month, end: dot?.text === '.' && dot.joined ? index + 2 : index + 1 };
}

/** A day written just before `end` (`20`, `20th`), and where it starts. */
function dayBefore(tokens: readonly Token[], end: number): { day: number; start: number } | undefined {
  const last = tokens[end - 1];
  const start = last?.kind === 'word' && last.joined && ORDINAL_SUFFIXES.has(last.folded) ? end - 2 : end - 1;
  const found = dayAt(tokens, start);
  return found && found.end === end ? { day: found.day, start } : undefined;
}

/** A date around the month word at `index`: `20 July 1969`, `July 20, 1969`, `the 20th of July`, `July 1969`. */
function dateAroundMonth(tokens: readonly Token[], index: number): DateMention | undefined {
  const named = monthAt(tokens, index);
  const token = tokens[index];
  if (!named || !token) return undefined;
  const reading: DateReading = { month: named.month };
  let start = index;
  let end = named.end;
  const link = tokens[index - 1];
  const before =
    dayBefore(tokens, link && DAY_MONTH_LINKS.has(link.folded) ? index - 1 : index) ??
    dayBefore(tokens, index);
  if (before) {
    reading.day = before.day;
    start = before.start;
  } else {
    const after = dayAt(tokens, end);
    if (after) {
      reading.day = after.day;
      end = after.end;
    }
  }
  const comma = tokens[end]?.text === ',' ? 1 : 0;
  const yearToken = tokens[end + comma];
  const years =
    yearToken && (yearToken.text.length === 4 || reading.day !== undefined) ? yearsOf(yearToken) : undefined;
  // `1990s` after a month is a decade, and `15:30` a time, not the date's year.
  const yearGlued =
    tokens[end + comma + 1]?.joined &&
    (tokens[end + comma + 1]?.folded === 's' || tokens[end + comma + 1]?.text === ':');
  if (years && !yearGlued) {
    reading.years = years;
    end = end + comma + 1;
  }
  // "May", "Mar", "Jan" are months only when capitalised and next to a day or a year, or placed in time ("in May").
  if (AMBIGUOUS_MONTHS.has(token.folded)) {
    const placed = TIME_PREPOSITIONS.has(tokens[index - 1]?.folded ?? '');
    if (!isCapitalised(token.text) || (reading.day === undefined && reading.years === undefined && !placed))
      return undefined;
  }
  return { text: '', start, end, readings: [reading] };
}

/** `1969-07-20` and `20/07/1969`, `07/20/1969`, `20.07.69`: read from the characters of one date token. */
function numericDate(token: Token, index: number): DateMention | undefined {
  const parts = token.text.split(/[-/.]/).map(Number);
  const [first = 0, second = 0, third = 0] = parts;
  if (token.text.length >= 10 && /^\d{4}-/.test(token.text)) {
    return {
      text: token.text,
      start: index,
      end: index + 1,
      readings: [{ years: [first], month: second, day: third }],
    };
  }
  const years = yearsOf({ ...token, text: String(token.text.split(/[-/.]/)[2] ?? ''), kind: 'number' });
  if (!years) return undefined;
  const readings: DateReading[] = [];
  if (second >= 1 && second <= 12 && first >= 1 && first <= 31)
    readings.push({ years, month: second, day: first });
  if (first >= 1 && first <= 12 && second >= 1 && second <= 31 && first !== second) {
    readings.push({ years, month: first, day: second });
  }
  return readings.length > 0 ? { text: token.text, start: index, end: index + 1, readings } : undefined;
}

/** Words that join the two days of a range ("6-7 March", "6 to 7 March", "March 6 and 7"). */
const RANGE_LINKS: ReadonlySet<string> = new Set(['-', 'to', 'and']);

/**
 * The other day of a range around a date that states a day ("6-7 March": 6 before "7 March";
 * "March 6-7": 7 after "March 6"), as a date of its own with the same month and year.
 */
function rangeDay(tokens: readonly Token[], date: DateMention, after: boolean): DateMention | undefined {
  const reading = date.readings[0];
  if (date.readings.length !== 1 || reading?.day === undefined || reading.month === undefined)
    return undefined;
  const [link, day] = after ? [date.end, date.end + 1] : [date.start - 1, date.start - 2];
  if (!RANGE_LINKS.has(tokens[link]?.folded ?? '')) return undefined;
  const found = dayAt(tokens, day);
  if (!found || (!after && found.end !== link)) return undefined;
  let end = found.end;
  if (after && reading.years === undefined) {
    // "March 6-7, 2020": the year after the second day is the first's too.
    const comma = tokens[end]?.text === ',' ? 1 : 0;
    const years = tokens[end + comma]?.text.length === 4 ? yearsOf(tokens[end + comma]) : undefined;
    if (years) {
      reading.years = years;
      end += comma + 1;
    }
  }
  return { text: '', start: day, end, readings: [{ ...reading, day: found.day }] };
}

/** Every date written in the tokens, in order; tokens belong to at most one date. */
export function findDates(tokens: readonly Token[], text: string): DateMention[] {
  const dates: DateMention[] = [];
  let next = 0;
  const add = (found: DateMention) => {
    found.text = text.slice(tokens[found.start]?.start ?? 0, tokens[found.end - 1]?.end ?? 0);
    dates.push(found);
    next = Math.max(next, found.end);
  };
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token || index < next) continue;
    const found = token.kind === 'date' ? numericDate(token, index) : dateAroundMonth(tokens, index);
    if (!found || found.start < next) continue;
    const before = rangeDay(tokens, found, false);
    if (before && before.start >= next) add(before);
    add(found);
    const after = rangeDay(tokens, found, true);
    if (after) add(after);
  }
  return dates;
}
