import type { ClaimsSummary } from './research.js';

/** The claims of an answer that checked nothing: no sentence, none supported. */
export function emptyClaims(): ClaimsSummary {
  return { total: 0, supported: 0, unsupported: [] };
}

/** Factual sentences that were checked (supported or not); the unchecked ones left out. */
export function checkedClaims(claims: ClaimsSummary | undefined): number {
  if (!claims) return 0;
  return claims.total - (claims.unchecked?.length ?? 0);
}

/**
 * Share of an answer's factual sentences supported by their quotes (0–1); `null` when none was
 * checked. Tolerates a missing summary (runs stored before claims were checked).
 */
export function supportRate(claims: ClaimsSummary | undefined): number | null {
  if (!claims || claims.total === 0 || checkedClaims(claims) === 0) return null;
  return claims.supported / claims.total;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "not checked (the run was cancelled)": why sentences were not checked, each reason once. */
export function describeUnchecked(claims: ClaimsSummary | undefined): string | undefined {
  const unchecked = claims?.unchecked ?? [];
  if (unchecked.length === 0) return undefined;
  const reasons = [...new Set(unchecked.map((claim) => claim.reason))];
  return `not checked (${reasons.join('; ')})`;
}

/**
 * "12 of 14 claims supported by their quotes (86%)" ("1 of 1 claim supported by its quotes"), with
 * "2 not checked (why)" when some could not be checked, "3 claims not checked (why)" when none
 * could; undefined when there is no claim.
 */
export function describeSupport(claims: ClaimsSummary | undefined): string | undefined {
  if (!claims || claims.total === 0) return undefined;
  const unchecked = describeUnchecked(claims);
  const rate = supportRate(claims);
  if (rate === null) return `${plural(claims.total, 'claim')} ${unchecked ?? 'not checked'}`;
  // One claim has its quotes; more have theirs.
  const quotes = claims.total === 1 ? 'its quotes' : 'their quotes';
  const support = `${claims.supported} of ${plural(claims.total, 'claim')} supported by ${quotes} (${Math.round(rate * 100)}%)`;
  return unchecked ? `${support}; ${claims.unchecked?.length} ${unchecked}` : support;
}
