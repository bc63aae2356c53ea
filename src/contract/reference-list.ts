import { type ClaimsSummary, checkedClaims } from './claims.js';
import { type Reference, referenceMarkdownLabel } from './references.js';

/** A reference's quote on one line. */
export const quoteOf = (reference: Pick<Reference, 'quote'>) => reference.quote.trim().replace(/\s+/g, ' ');

/**
 * The mark of a reference whose quote is not verified: "(not checked)" when the answer's claims
 * checked nothing at all (a cancelled run refuted nothing), else "(quote not verified to support
 * the claim)". Empty for a verified one.
 */
export function referenceMark(
  reference: Pick<Reference, 'verified'>,
  claims: ClaimsSummary | undefined,
): string {
  if (reference.verified) return '';
  const nothingChecked = checkedClaims(claims) === 0 && Boolean(claims?.unchecked?.length);
  return nothingChecked ? '(not checked)' : '(quote not verified to support the claim)';
}

/**
 * The references as a markdown section: a numbered list, each labelled as `referenceMarkdownLabel`
 * names it, with its mark when not verified and its quote. What the terminal and the markdown
 * export show, and the list a report (`--report`) ends with.
 */
export function referenceListMarkdown(
  references: readonly Reference[],
  claims: ClaimsSummary | undefined,
): string {
  const lines = references.map((reference, index) => {
    const mark = referenceMark(reference, claims);
    const quote = quoteOf(reference);
    return `${index + 1}. ${referenceMarkdownLabel(reference)}${mark ? ` _${mark}_` : ''}${quote ? `\n   > ${quote}` : ''}`;
  });
  return `## References\n\n${lines.join('\n')}`;
}
