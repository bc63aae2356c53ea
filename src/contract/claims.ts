/**
 * The verdict on one sentence of an answer: `supported` by the quotes it cites, `unsupported`
 * (reason says why: quote not found, too short, does not say that, no citation), `not_factual`
 * (a heading-like, transitional or hedging sentence; excluded from the totals), or `unchecked`
 * (nobody could check it: the run was cancelled, the checker failed; reason says which). Unchecked
 * is neither supported nor unsupported.
 */
export interface ClaimVerdict {
  /** The sentence as it reads in the final answer, citation markers removed. */
  text: string;
  verdict: 'supported' | 'unsupported' | 'not_factual' | 'unchecked';
  reason: string;
  /** Numbers of the references the sentence cites in the final answer (none once unsupported). */
  references: number[];
}

/** How many of an answer's factual sentences are supported by their quotes, and which are not. */
export interface ClaimsSummary {
  /**
   * Factual sentences (sentences judged not factual are not counted): supported, unsupported and,
   * when some could not be checked, unchecked.
   */
  total: number;
  supported: number;
  unsupported: { text: string; reason: string }[];
  /**
   * Factual sentences nobody could check (the run was cancelled, the checker failed), with why;
   * absent when every sentence was checked. Not checked is not unsupported.
   */
  unchecked?: { text: string; reason: string }[];
}

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
