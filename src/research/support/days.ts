import type { DateReading } from './dates.js';

/** Milliseconds in a day. */
export const DAY_MILLISECONDS = 86_400_000;
/** Full dates of the quotes kept for these comparisons: bounded work on hostile input. */
export const MAX_STATED_DAYS = 200;

/** A day as a count of days since 1970; undefined for one that does not exist (`February 30`). */
function dayNumber(year: number, month: number, day: number): number | undefined {
  const time = Date.UTC(year, month - 1, day);
  return new Date(time).getUTCDate() === day ? Math.round(time / DAY_MILLISECONDS) : undefined;
}

/** The days a date reading states in full (day, month and year; two for a two-digit year). */
export function statedDays(reading: DateReading): number[] {
  const { day, month, years } = reading;
  if (day === undefined || month === undefined || !years) return [];
  return years.flatMap((year) => dayNumber(year, month, day) ?? []);
}
