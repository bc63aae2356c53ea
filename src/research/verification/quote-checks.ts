import type { Finding, FindingQuote } from '../../contract/index.js';
import { MIN_QUOTE_WORDS } from '../constants.js';
import { quoteOccursIn } from '../evidence/citations.js';

/** Whether a finding's quotes can stand behind a claim, before any model looks at it. */
export type QuoteCheck = { ok: true; quotes: FindingQuote[] } | { ok: false; reason: string };

/** Numbers of a text, thousands separators removed (`7,300` → `7300`). */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,.]*\d|\d/g) ?? []).map((number) => number.replace(/,/g, ''));
}

/** Capitalised words of a claim that are not its first word: names, places, titles. */
function namesIn(claim: string): string[] {
  const words = claim.match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? [];
  return words.slice(1).filter((word) => /^\p{Lu}/u.test(word) && word.length > 1);
}

/** A quote of fewer than MIN_QUOTE_WORDS words supports a claim only if it holds one of its numbers or names. */
function longEnough(quote: string, claim: string): boolean {
  const words = quote.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length >= MIN_QUOTE_WORDS) return true;
  const numbers = new Set(numbersIn(quote));
  if (numbersIn(claim).some((number) => numbers.has(number))) return true;
  return namesIn(claim).some((name) =>
    new RegExp(`(^|[^\\p{L}])${escapeRegExp(name)}([^\\p{L}]|$)`, 'u').test(quote),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The mechanical checks of a cited finding against a claim: its quotes must still be verbatim in
 * the stored source (`sourceText`: undefined when the source is not available; for a corpus file,
 * a test of each quote against the cited lines of the indexed file), and at least one
 * must be long enough to support anything, or hold the claim's number or name.
 */
export function checkQuotes(
  finding: Finding,
  claim: string,
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
  const strong = present.filter((quote) => longEnough(quote.text, claim));
  if (strong.length === 0) return { ok: false, reason: 'quote too short to support the claim' };
  return { ok: true, quotes: strong };
}
