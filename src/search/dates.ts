import { parseDate } from '../shared/index.js';
import { startOfRange } from './query-syntax.js';
import type { TimeRange } from './types.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A timestamp at exactly midnight UTC most likely came from a date without a time of day. */
function isDayPrecision(value: string, parsed: Date): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) || parsed.toISOString().endsWith('T00:00:00.000Z');
}

/**
 * Whether a result dated `publishedAt` may lie inside the last `range` (ending `now`). Undated
 * results are kept (nothing shows them old), and a date without a time of day counts as its whole
 * day, so "today" stays inside the last hour. Used after providers that filter by day at the
 * finest were asked for an hour.
 */
export function withinTimeRange(
  publishedAt: string | undefined,
  range: TimeRange,
  now: Date = new Date(),
): boolean {
  if (!publishedAt) return true;
  // Read like a provider's date, so one a custom provider left without a zone is not the machine's.
  const parsed = parseDate(publishedAt, { now });
  if (!parsed) return true;
  const latest = isDayPrecision(publishedAt, parsed) ? parsed.getTime() + DAY_MS - 1 : parsed.getTime();
  return latest >= startOfRange(range, now).getTime();
}
