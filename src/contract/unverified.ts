import type { ClaimsSummary } from './claims.js';

/** Heading of the list that ends an answer whose unsupported sentences were left out. */
export const UNVERIFIED_HEADING = 'Could not be verified';

/** Characters of a removed sentence, and of its reason, shown in the list. */
const MAX_LISTED_CHARS = 400;

const flat = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_LISTED_CHARS ? `${line.slice(0, MAX_LISTED_CHARS - 1)}…` : line;
};

/**
 * The section listing the sentences left out of an answer because their quotes did not support
 * them: each sentence as the writer stated it, with why. Empty when every one was supported.
 */
export function unverifiedSection(claims: Pick<ClaimsSummary, 'unsupported'>): string {
  if (claims.unsupported.length === 0) return '';
  const items = claims.unsupported.map((claim) => `- “${flat(claim.text)}” — ${flat(claim.reason)}`);
  return `## ${UNVERIFIED_HEADING}\n\nLeft out of the answer because their sources do not support them:\n\n${items.join('\n')}\n`;
}

/** The answer followed by its unverified section, when it has one. */
export function withUnverifiedSection(answer: string, claims: Pick<ClaimsSummary, 'unsupported'>): string {
  const section = unverifiedSection(claims);
  if (!section) return answer;
  const body = answer.trimEnd();
  return body ? `${body}\n\n${section}` : section;
}

/** Whether an answer already ends its text with the unverified section (exports need not list them again). */
export function hasUnverifiedSection(answer: string): boolean {
  return new RegExp(`^#{1,3}[ \\t]*${UNVERIFIED_HEADING}[ \\t]*$`, 'im').test(answer);
}
