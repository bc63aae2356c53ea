import type { Finding, FindingQuote } from '../../contract/index.js';
import { checkClaimAgainstQuotes, type SupportCheck } from '../support/index.js';
import type { Judgement } from './judge.js';

/** A finding a sentence cites, with those of its quotes that passed the citation's own check. */
export interface CitedFinding {
  finding: Finding;
  /**
   * Its quotes found in the stored source; for a computed finding that reproduced, the output
   * (worded for the judge) first, then its inputs' verified quotes.
   */
  quotes: FindingQuote[];
}

/** What a claim check reads of one sentence of the answer: its words and the evidence it cites. */
export interface ClaimEvidence {
  /** The sentence as written, finding markers stripped. */
  text: string;
  /** The cited findings that held up (quotes in their source, or a computation that reproduced). */
  cited: readonly CitedFinding[];
  /** Why each other cited finding was dropped, in the order cited (a quote not found, a re-run that differed). */
  dropped: readonly string[];
}

/** What a claim check may read besides the sentence. */
export interface ClaimCheckContext {
  /** The run's question: a figure, date or name it holds is not introduced by the answer. */
  question: string;
  /** The answer's sentences before this one, markers stripped, in order ("it", "that year" point back into them). */
  earlier: readonly string[];
}

/**
 * One check of a sentence against its evidence: a verdict, or undefined for no opinion (the next
 * check decides). Checks are synchronous and read only what they are given; the judge, batched
 * over the sentences no check decided, comes after them all (`verifyAnswer`).
 */
export type ClaimCheck = (claim: ClaimEvidence, context: ClaimCheckContext) => Judgement | undefined;

/** The reasons of a failed support check, as one verdict reason. */
export function supportReason(check: SupportCheck): string {
  return check.problems.map((problem) => problem.reason).join('; ');
}

/**
 * The citations hold: a sentence that cites findings of which none held up (a quote no longer in
 * its source, a computation that did not reproduce) is unsupported, for the first reason. A
 * sentence citing nothing, or something that held, is left to the next check.
 */
export const citationsHold: ClaimCheck = (claim) => {
  const reason = claim.dropped[0];
  return claim.cited.length === 0 && reason ? { verdict: 'unsupported', reason } : undefined;
};

/**
 * The quotes hold what the sentence states (`checkClaimAgainstQuotes`: figures, dates, names,
 * reversals, relations and roles); a sentence citing nothing passes only when it states none
 * beyond the question. The question and the answer's earlier sentences are its context: a name
 * they hold ("Gustave Eiffel") is known, so "Eiffel" alone introduces nothing. A cited
 * computation's output counts as stated, never its first quote (the output as worded for the
 * judge: the program's own numbers support nothing).
 */
export const quotesSupport: ClaimCheck = (claim, context) => {
  const computed = claim.cited.flatMap((item) =>
    item.finding.computation ? [item.finding.computation.output] : [],
  );
  const quotes = claim.cited.flatMap((item) =>
    (item.finding.computation ? item.quotes.slice(1) : item.quotes).map((quote) => quote.text),
  );
  const support = checkClaimAgainstQuotes(claim.text, quotes, {
    question: context.question,
    context: context.earlier,
    computed,
  });
  return support.ok ? undefined : { verdict: 'unsupported', reason: supportReason(support) };
};

/**
 * The checks every sentence goes through before the judge, in order; the first decisive verdict
 * wins. Adding a mechanism is adding an entry here (and its test).
 */
export const CLAIM_CHECKS: readonly ClaimCheck[] = [citationsHold, quotesSupport];

/** The first decisive verdict of `checks`, in the order given; undefined when none has an opinion. */
export function firstVerdict(
  checks: readonly ClaimCheck[],
  claim: ClaimEvidence,
  context: ClaimCheckContext,
): Judgement | undefined {
  for (const check of checks) {
    const verdict = check(claim, context);
    if (verdict) return verdict;
  }
  return undefined;
}
