/** `{ publishedAt }` when a date is known, else nothing (exactOptionalPropertyTypes-friendly). */
export function withDate(publishedAt: string | undefined): { publishedAt?: string } {
  return publishedAt ? { publishedAt } : {};
}
