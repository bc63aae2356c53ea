import type { TimeOfDay } from './time-of-day.js';

/** A calendar date as written; the month is 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999. */
export function fullYear(text: string): number {
  const year = Number(text);
  if (text.length > 2) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

/**
 * The instant of a calendar date and time: in the zone the text stated, else in UTC (never the
 * machine's zone). `undefined` for a date or time that does not exist (February 30th, 25:00).
 */
export function toInstant(date: CalendarDate, time?: Omit<TimeOfDay, 'rest'>): Date | undefined {
  const { year, month, day } = date;
  if (!Number.isInteger(year) || year < 1 || year > 9999) return undefined;
  if (!Number.isInteger(month) || month < 1 || month > 12) return undefined;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return undefined;
  const hours = time?.hours ?? 0;
  const minutes = time?.minutes ?? 0;
  const seconds = time?.seconds ?? 0;
  if (hours > 23 || minutes > 59 || seconds > 60) return undefined;
  const utc = Date.UTC(year, month - 1, day, hours, minutes, Math.min(seconds, 59), time?.milliseconds ?? 0);
  // Date.UTC maps years 0–99 to 1900–1999; dates come with four-digit years, so set it again.
  const instant = new Date(utc);
  instant.setUTCFullYear(year, month - 1, day);
  return new Date(instant.getTime() - (time?.offsetMinutes ?? 0) * 60_000);
}
