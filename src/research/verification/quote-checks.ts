import type { Finding, FindingQuote } from '../../contract/index.js';
import { quoteOccursIn } from '../evidence/citations.js';

/** Whether a finding's quotes can stand behind a claim, before any model looks at it. */
export type QuoteCheck = { ok: true; quotes: FindingQuote[] } | { ok: false; reason: string };

/**
 * The first mechanical check of a cited finding: which of its quotes are still verbatim in the
 * stored source (`sourceText`: undefined when the source is not available; for a corpus file,
 * a test of each quote against the cited lines of the indexed file). Whether the quotes found hold
 * what the claim states, and are clauses rather than fragments, is `checkClaimAgainstQuotes`'s call.
 */
export function checkQuotes(
  finding: Finding,
  sourceText: string | undefined | ((quote: FindingQuote) => boolean),
): QuoteCheck {
  if (sourceText === undefined)
    return { ok: false, reason: 'quote not found: its source is no longer available' };
  const present = finding.quotes.filter((quote) =>
    typeof sourceText === 'function' ? sourceText(quote) : quoteOccursIn(quote.text, sourceText),
  );
  if (present.length === 0) {
    return {
      ok: false,
      reason:
        typeof sourceText === 'function'
          ? 'quote not found in the cited lines of the file as indexed'
          : 'quote not found in the stored source',
    };
  }
  return { ok: true, quotes: present };
}
