import type { ClaimsSummary } from './research.js';

/** The claims of an answer that checked nothing: no sentence, none supported. */
export function emptyClaims(): ClaimsSummary {
  return { total: 0, supported: 0, unsupported: [] };
}

/**
 * Share of an answer's factual sentences supported by their quotes (0–1); `null` when none was
 * checked. Tolerates a missing summary (runs stored before claims were checked).
 */
export function supportRate(claims: ClaimsSummary | undefined): number | null {
  if (!claims || claims.total === 0) return null;
  return claims.supported / claims.total;
}

/** "12 of 14 claims supported (86%)", or undefined when nothing was checked. */
export function describeSupport(claims: ClaimsSummary | undefined): string | undefined {
  const rate = supportRate(claims);
  if (rate === null || !claims) return undefined;
  return `${claims.supported} of ${claims.total} claims supported by their quotes (${Math.round(rate * 100)}%)`;
}
