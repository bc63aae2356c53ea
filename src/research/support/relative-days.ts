import type { DateReading } from './dates.js';
import type { Evidence } from './evidence.js';

/** Most days between a weekday a quote names and the date its source states ("Wednesday" in Thursday's story). */
const MAX_WEEKDAY_DISTANCE = 6;
const DAY_MILLISECONDS = 86_400_000;
/** Dates of the quotes compared per day of the sentence: bounded work on hostile input. */
const MAX_COMPARED = 200;

/** A day as a UTC time; undefined for one that does not exist (`February 30`). */
function dayTime(year: number, month: number, day: number): number | undefined {
  const time = Date.UTC(year, month - 1, day);
  return new Date(time).getUTCDate() === day ? time : undefined;
}

/**
 * Whether the quotes give the sentence's day relative to a full date they state, as news stories
 * do: they name its weekday within a week of that date ("Wednesday evening" in a story dated
 * Thursday, March 2, 2017 is March 1), or call it "yesterday", "today" or "tomorrow" of it.
 */
export function datedRelatively(claim: DateReading, evidence: Evidence): boolean {
  const { day, month, years } = claim;
  if (day === undefined || month === undefined || !years) return false;
  if (evidence.weekdays.size === 0 && evidence.dayOffsets.size === 0) return false;
  const stated = [...evidence.datesByMonth.values()].flat().slice(0, MAX_COMPARED);
  return years.some((year) => {
    const claimed = dayTime(year, month, day);
    if (claimed === undefined) return false;
    const weekday = new Date(claimed).getUTCDay();
    return stated.some((reading) =>
      (reading.years ?? []).some((quoteYear) => {
        if (reading.day === undefined || reading.month === undefined) return false;
        const dated = dayTime(quoteYear, reading.month, reading.day);
        if (dated === undefined) return false;
        const offset = Math.round((claimed - dated) / DAY_MILLISECONDS);
        return (
          evidence.dayOffsets.has(offset) ||
          (evidence.weekdays.has(weekday) && offset !== 0 && Math.abs(offset) <= MAX_WEEKDAY_DISTANCE)
        );
      }),
    );
  });
}
