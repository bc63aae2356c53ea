import { normalizeWhitespace } from './text-metrics.js';

/** Running counts of how often an extracted field agrees with the expected value. */
export interface MetadataAgreement {
  pages: number;
  exact: number;
  lenient: number;
}

export function emptyAgreement(): MetadataAgreement {
  return { pages: 0, exact: 0, lenient: 0 };
}

/** Loose form for the lenient comparison: lower case, letters and digits only. */
function loose(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Records one page. A missing expected value agrees with a missing or empty extraction; lenient
 * agreement also accepts case and punctuation differences or one value containing the other.
 */
export function recordAgreement(
  result: MetadataAgreement,
  actual: string | undefined,
  expected: string | null | undefined,
): void {
  result.pages++;
  const actualText = normalizeWhitespace(actual ?? '');
  const expectedText = normalizeWhitespace(expected ?? '');
  if (actualText === expectedText) {
    result.exact++;
    result.lenient++;
    return;
  }
  const [a, b] = [loose(actualText), loose(expectedText)];
  if (a !== '' && b !== '' && (a === b || a.includes(b) || b.includes(a))) result.lenient++;
}

/** Exact and lenient agreement rates. */
export function agreement(result: MetadataAgreement): { exact: number; lenient: number } {
  const pages = Math.max(result.pages, 1);
  return { exact: result.exact / pages, lenient: result.lenient / pages };
}
