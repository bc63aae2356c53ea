import { type CalendarDate, fullYear, toInstant } from './calendar-date.js';
import { DATE_FILLERS, MONTH_ABBREVIATIONS, MONTH_NAMES, WEEKDAY_LOOKALIKES } from './date-words.js';
import { cutTimeOfDay } from './time-of-day.js';

/** ISO 8601 and RFC 3339: "2024-06-05", "2024-06", "2024", "2024-06-05T10:00:00.5+09:00", "… 10:00Z". */
const isoPattern =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[t\s](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(z|[+-]\d{2}(?::?\d{2})?)?$/u;
/** Numbers with one separator: "2024/06/05", "05.06.2024", "6/5/2024", "05-06-24", then anything. */
const numericPattern = /^(\d{1,4})([./-])(\d{1,2})\2(\d{2}|\d{4})(?!\d)\.?(.*)$/u;
/** Chinese, Japanese and Korean: "2024年6月5日", "2024년 6월 5일". */
const cjkPattern = /^(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(?:(\d{1,2})\s*[日일号號]?)?(.*)$/u;

const monthByName = new Map<string, number>();
const monthByAbbreviation = new Map<string, number>();
MONTH_NAMES.forEach((names, index) => {
  for (const name of names) monthByName.set(name, index + 1);
});
MONTH_ABBREVIATIONS.forEach((names, index) => {
  for (const name of names) monthByAbbreviation.set(name, index + 1);
});

function offsetOf(zone: string | undefined): number | undefined {
  if (zone === undefined) return undefined;
  if (zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
}

function isoDate(text: string): Date | undefined {
  const match = isoPattern.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes, seconds, fraction, zone] = match;
  const offsetMinutes = offsetOf(zone);
  return toInstant(
    { year: Number(year), month: Number(month ?? 1), day: Number(day ?? 1) },
    {
      hours: Number(hours ?? 0),
      minutes: Number(minutes ?? 0),
      seconds: Number(seconds ?? 0),
      milliseconds: fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000),
      offsetMinutes,
    },
  );
}

/** The rest after a numeric date may only be a time of day (and its zone), or nothing. */
function withTime(date: CalendarDate, rest: string): Date | undefined {
  const trimmed = rest.replace(/^[\s,t]+/u, '');
  if (trimmed === '') return toInstant(date);
  const time = cutTimeOfDay(trimmed);
  if (!time || /[\p{L}\d]/u.test(time.rest.replace(/\b(?:at|um|uhr|kl|h)\b/gu, ''))) return undefined;
  return toInstant(date, time);
}

/**
 * Year first ("2024/06/05"), else month first with slashes as in the US ("6/5/2024" is June 5th)
 * unless `dayFirst` says the text's language writes the day first ("04/05/2022" on a Brazilian or
 * British page is 4 May), and day first with dots or dashes as in Europe ("05.06.2024" is 5 June);
 * a reading whose month cannot be one (13 or more) gives way to the other.
 */
function numericDate(text: string, dayFirst: boolean): Date | undefined {
  const match = numericPattern.exec(text);
  if (!match) return undefined;
  const [, first = '', separator, second = '', third = '', rest = ''] = match;
  if (first.length === 4) {
    return withTime({ year: Number(first), month: Number(second), day: Number(third) }, rest);
  }
  if (first.length > 2) return undefined;
  const year = fullYear(third);
  const monthFirst = { year, month: Number(first), day: Number(second) };
  const dayFirstDate = { year, month: Number(second), day: Number(first) };
  const preferred = separator === '/' && !dayFirst ? [monthFirst, dayFirstDate] : [dayFirstDate, monthFirst];
  const date = preferred.find((candidate) => candidate.month <= 12) ?? monthFirst;
  return withTime(date, rest);
}

function cjkDate(text: string): Date | undefined {
  const match = cjkPattern.exec(text);
  if (!match) return undefined;
  const [, year, month, day, rest = ''] = match;
  return withTime({ year: Number(year), month: Number(month), day: Number(day ?? 1) }, rest);
}

/** The month a date names: a full name wins over an abbreviation that is also a weekday's. */
function monthNamed(words: readonly string[]): number | undefined {
  const full = new Set(words.flatMap((word) => monthByName.get(word) ?? []));
  if (full.size > 0) return full.size === 1 ? [...full][0] : undefined;
  const abbreviated = words.filter((word) => monthByAbbreviation.has(word));
  const plain = abbreviated.filter((word) => !WEEKDAY_LOOKALIKES.has(word));
  const months = new Set(
    (plain.length > 0 ? plain : abbreviated).map((word) => monthByAbbreviation.get(word)),
  );
  return months.size === 1 ? [...months][0] : undefined;
}

/**
 * A date with its month in words, in any order ("Jun 5, 2024", "5. Juni 2024", "5 de junio de 2024",
 * "Wed, 05 Jun 2024 10:00:00 GMT", "June 2024"). Without a year ("Jun 5") it is the latest such day
 * not after `now`, and only when the text is nothing but the month and the day.
 */
function namedMonthDate(text: string, now: Date): Date | undefined {
  const time = cutTimeOfDay(text);
  const rest = time?.rest ?? text;
  const words = rest.match(/\p{L}+/gu) ?? [];
  const numbers = rest.match(/\d+/gu) ?? [];
  const month = monthNamed(words);
  if (month === undefined) return undefined;
  const years = numbers.filter((number) => number.length === 4);
  const days = numbers.filter((number) => number.length <= 2 && Number(number) >= 1 && Number(number) <= 31);
  if (years.length > 1 || days.length > 1 || years.length + days.length !== numbers.length) return undefined;
  const day = days[0] === undefined ? 1 : Number(days[0]);
  const clock = time ? { ...time, rest: '' } : undefined;
  if (years[0] !== undefined) return toInstant({ year: Number(years[0]), month, day }, clock);
  const onlyTheDate = words.every(
    (word) => monthByName.has(word) || monthByAbbreviation.has(word) || DATE_FILLERS.has(word),
  );
  if (days[0] === undefined || !onlyTheDate) return undefined;
  const thisYear = toInstant({ year: now.getUTCFullYear(), month, day }, clock);
  // A day later than now (a day of slack for zones ahead of UTC) was last year's.
  if (thisYear && thisYear.getTime() <= now.getTime() + 24 * 60 * 60 * 1000) return thisYear;
  return toInstant({ year: now.getUTCFullYear() - 1, month, day }, clock);
}

/**
 * An absolute date, read the same in every time zone: a date without a time is that day's
 * midnight UTC; a time without a zone is UTC; a stated zone or offset is honoured. `text` must be
 * normalized (`normalizeDateText`); `dayFirst` reads "04/05/2022" as 4 May.
 */
export function parseAbsoluteDate(text: string, now: Date, dayFirst = false): Date | undefined {
  return isoDate(text) ?? numericDate(text, dayFirst) ?? cjkDate(text) ?? namedMonthDate(text, now);
}
