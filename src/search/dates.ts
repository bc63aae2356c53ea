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
