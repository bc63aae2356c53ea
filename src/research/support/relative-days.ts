import type { DateReading } from './dates.js';
import { DAY_MILLISECONDS, statedDays } from './days.js';
import type { Evidence } from './quote-evidence.js';

/** Most days between a weekday a quote names and the date its source states ("Wednesday" in Thursday's story). */
const MAX_WEEKDAY_DISTANCE = 6;

/**
 * Whether the quotes give the sentence's day relative to a full date they state, as news stories
 * do: they name its weekday within a week of that date ("Wednesday evening" in a story dated
 * Thursday, March 2, 2017 is March 1), or call it "yesterday", "today" or "tomorrow" of it.
 */
export function datedRelatively(claim: DateReading, evidence: Evidence): boolean {
  if (evidence.weekdays.size === 0 && evidence.dayOffsets.size === 0) return false;
  return statedDays(claim).some((claimed) => {
    // 1 January 1970 was a Thursday (day 4 of the week).
    const weekday = (((claimed + 4) % 7) + 7) % 7;
    return evidence.days.some((dated) => {
      const offset = claimed - dated;
      return (
        evidence.dayOffsets.has(offset) ||
        (evidence.weekdays.has(weekday) && offset !== 0 && Math.abs(offset) <= MAX_WEEKDAY_DISTANCE)
      );
    });
  });
}

/** Most months between a month a quote names without a year and a date its source states. */
const MAX_MONTH_DISTANCE = 11;

/**
 * Whether the quotes name the sentence's month without a year ("the first debate is planned for
 * June") beside a full date of their source less than a year from it (a story dated December 20,
 * 2018 for June 2019): a story leaves out the year of a month that close to its own date.
 */
export function monthNearStory(claim: DateReading, evidence: Evidence): boolean {
  const { month, day, years } = claim;
  if (month === undefined || day !== undefined || !years) return false;
  if (!(evidence.datesByMonth.get(month) ?? []).some((quote) => !quote.years)) return false;
  return evidence.days.some((dated) => {
    const date = new Date(dated * DAY_MILLISECONDS);
    const storyMonth = date.getUTCFullYear() * 12 + date.getUTCMonth();
    return years.some((year) => Math.abs(year * 12 + month - 1 - storyMonth) <= MAX_MONTH_DISTANCE);
  });
}
