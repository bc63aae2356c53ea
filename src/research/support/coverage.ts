import { type AlignedText, alignedText, overlap } from './alignment.js';
import { analyse } from './analyse.js';
import { type Evidence, evidenceOf } from './quote-evidence.js';

/**
 * Share (0–1) of a claim's content words (stemmed; function words left out) that its quotes
 * hold: the alignment measure the support check uses to pair a sentence with a quote. A claim
 * with no content word scores 0.
 */
export function quoteCoverage(claim: string, quotes: readonly string[]): number {
  return overlap(alignedText(analyse(claim)), alignedText(analyse(quotes.join(' '))));
}

/**
 * Share (0–1) of the sentence's content words (stemmed; function words and numbers left out: the
 * figure check reads figures) that one of `texts` holds; 1 for a sentence with none.
 */
export function heldShare(sentence: AlignedText, texts: readonly Evidence[]): number {
  const stems = new Set<string>();
  for (const word of sentence.words) {
    if (word.stem !== undefined && !/^\p{N}/u.test(word.folded)) stems.add(word.stem);
  }
  if (stems.size === 0) return 1;
  let held = 0;
  for (const stem of stems) if (texts.some((text) => text.stems.has(stem))) held += 1;
  return held / stems.size;
}

/**
 * Share (0–1) of a sentence's content words (numbers aside) that its quotes, the question or the
 * answer's earlier sentences hold: the support check's `off-topic` measure (`SupportTuning.minCoverage`).
 */
export function sentenceCoverage(
  claim: string,
  quotes: readonly string[],
  options: { question?: string; context?: readonly string[] } = {},
): number {
  const known = [...(options.question ? [options.question] : []), ...(options.context ?? [])];
  return heldShare(alignedText(analyse(claim)), [
    evidenceOf(quotes.map(analyse)),
    evidenceOf(known.map(analyse)),
  ]);
}
