import { alignedText, overlap } from './alignment.js';
import { analyse } from './analyse.js';

/**
 * Share (0–1) of a claim's content words (stemmed; function words left out) that its quotes
 * hold: the alignment measure the support check uses to pair a sentence with a quote. A claim
 * with no content word scores 0.
 */
export function quoteCoverage(claim: string, quotes: readonly string[]): number {
  return overlap(alignedText(analyse(claim)), alignedText(analyse(quotes.join(' '))));
}
