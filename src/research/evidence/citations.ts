import type { Source } from '../../reader/types.js';
import { canonicalUrl } from '../../shared/index.js';
import { type HostRules, isAllowedUrl } from '../sources/hosts.js';
import type { Reference } from '../types.js';

/** A citation as a model writes it: a URL and a passage it says it copied from that page. */
export interface CitedQuote {
  url: string;
  quote: string;
}

/** Collapses whitespace and folds typographic quotes, dashes and ellipses to plain ASCII. */
export function normalizeForQuote(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00A0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether `quote` occurs in `text` after whitespace and quote-mark normalisation: case-sensitive
 * first, then case-insensitive. Surrounding quote marks and a trailing ellipsis are ignored.
 */
export function quoteOccursIn(quote: string, text: string): boolean {
  const needle = normalizeForQuote(quote)
    .replace(/^["']+|["']+$/g, '')
    .replace(/(\.\.\.)+$/, '')
    .trim();
  if (needle.length === 0) return false;
  const haystack = normalizeForQuote(text);
  if (haystack.includes(needle)) return true;
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

/** What `buildReferences` needs: the answer, its cited quotes and where to look sources up. */
export interface BuildReferencesOptions {
  answer: string;
  cited: readonly CitedQuote[];
  /** Read sources by normalised URL: the only texts a quote can be verified against. */
  findSource: (url: string) => Source | undefined;
  /** Title of a URL that was found by search but not read. */
  titleOf?: (url: string) => string | undefined;
  rules: HostRules;
  maxReturnedUrls: number;
}

/**
 * Verifies each quote against the stored source text, drops citations of disallowed hosts and
 * duplicates, keeps at most `maxReturnedUrls`, and renumbers the answer's [n] markers to match.
 * A marker whose reference was dropped is removed from the text.
 */
export function buildReferences(options: BuildReferencesOptions): {
  answer: string;
  references: Reference[];
} {
  const references: Reference[] = [];
  const newIndexOf = new Map<number, number>();
  const seen = new Map<string, number>();
  options.cited.forEach((cited, position) => {
    const page = canonicalUrl(cited.url);
    if (!isAllowedUrl(page, options.rules)) return;
    const key = `${page}\n${normalizeForQuote(cited.quote)}`;
    const existing = seen.get(key);
    if (existing !== undefined) {
      newIndexOf.set(position + 1, existing);
      return;
    }
    if (references.length >= options.maxReturnedUrls) return;
    const source = options.findSource(page);
    // The page as it was read (or the URL as the model gave it): the canonical form is only a key.
    const url = source?.url ?? cited.url.trim();
    references.push({
      url,
      title: source?.title || options.titleOf?.(page) || url,
      quote: cited.quote.trim(),
      verified: source !== undefined && quoteOccursIn(cited.quote, source.text),
    });
    seen.set(key, references.length);
    newIndexOf.set(position + 1, references.length);
  });
  const answer = options.answer.replace(/\[(\d{1,3})\]/g, (_marker, digits: string) => {
    const target = newIndexOf.get(Number(digits));
    return target === undefined ? '' : `[${target}]`;
  });
  return { answer, references };
}
