import { startOfRange } from './query-syntax.js';
import type { TimeRange } from './types.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const unitMs: Record<string, number> = {
  second: 1000,
  minute: 60 * 1000,
  hour: 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
  year: 365 * 24 * 60 * 60 * 1000,
};

/**
 * An ISO-8601 timestamp from the dates search APIs return: ISO strings, "Jun 5, 2024", or
 * relative English ("3 days ago"). Undefined when the text is not a date.
 */
export function toIsoDate(text: string | null | undefined, now: Date = new Date()): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  const relative = /^(\d+)\s+(second|minute|hour|day|week|month|year)s?\s+ago$/i.exec(value);
  if (relative) {
    const amount = Number(relative[1]);
    const unit = unitMs[relative[2]?.toLowerCase() ?? ''];
    return unit === undefined ? undefined : new Date(now.getTime() - amount * unit).toISOString();
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString();
}

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
  const parsed = new Date(publishedAt);
  if (Number.isNaN(parsed.getTime())) return true;
  const latest = isDayPrecision(publishedAt, parsed) ? parsed.getTime() + DAY_MS - 1 : parsed.getTime();
  return latest >= startOfRange(range, now).getTime();
}
