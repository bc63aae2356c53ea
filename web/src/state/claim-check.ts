import {
  type ClaimsSummary,
  type ClaimVerdict,
  describeSupport,
  type RunStatus,
} from '../../../src/contract/index.js';

/** What the UI says about an answer's claims: checked sentences, and those nobody checked. */
export interface ClaimCheck {
  /** "5 of 5 claims supported by their quotes (100%)"; undefined when no sentence was checked. */
  support?: string;
  /** Sentences checked and found unsupported: marked in the answer and listed with their reasons. */
  unsupported: { text: string; reason: string }[];
  /** Sentences nobody checked, said once: "3 sentences not checked (cancelled)". */
  unchecked?: string;
}

/** Why sentences went unchecked, in the words the UI uses once for all of them. */
function uncheckedNote(unchecked: readonly ClaimVerdict[], status: RunStatus): string | undefined {
  if (unchecked.length === 0) return undefined;
  const count = unchecked.length === 1 ? '1 sentence' : `${unchecked.length} sentences`;
  if (status === 'cancelled') return `${count} not checked (cancelled)`;
  // The checker failed: its reason is the same for every sentence it could not check.
  const reason = unchecked[0]?.reason.replace(/^not checked:?\s*/i, '') ?? '';
  return reason ? `${count} not checked (${reason.replace(/\.$/, '')})` : `${count} not checked`;
}

/**
 * The claim check of the shown answer. Unchecked is not unsupported: a sentence nobody checked (the
 * run was stopped first) counts neither way and is never marked. Without per-sentence verdicts (runs
 * stored before they were sent) the summary is shown as it is.
 */
export function claimCheckOf(
  verdicts: readonly ClaimVerdict[],
  summary: ClaimsSummary | undefined,
  status: RunStatus,
): ClaimCheck {
  if (verdicts.length === 0) {
    return { support: describeSupport(summary), unsupported: summary?.unsupported ?? [] };
  }
  const factual = verdicts.filter((claim) => claim.verdict !== 'not_factual');
  const checked = factual.filter((claim) => claim.verdict !== 'unchecked');
  const unsupported = checked
    .filter((claim) => claim.verdict === 'unsupported')
    .map(({ text, reason }) => ({ text, reason }));
  const support = describeSupport({
    total: checked.length,
    supported: checked.length - unsupported.length,
    unsupported,
  });
  const unchecked = uncheckedNote(
    factual.filter((claim) => claim.verdict === 'unchecked'),
    status,
  );
  return { support, unsupported, ...(unchecked ? { unchecked } : {}) };
}
