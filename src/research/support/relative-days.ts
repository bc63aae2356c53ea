import type { DateReading } from './dates.js';
import { statedDays } from './days.js';
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
