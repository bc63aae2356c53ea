import type { Finding } from '../../contract/index.js';
import { tokenize } from '../text/text-rank.js';
import { normalizeForQuote } from './citations.js';

/** A finding as evidence: findings that say the same thing are merged into the first of them. */
export interface MergedFinding {
  finding: Finding;
  /** Ids of later findings merged into this one: the same quote, or nearly the same claim. */
  merged: string[];
}

/** Share of claim words two findings must have in common (Jaccard) to count as the same claim. */
const SAME_CLAIM_SIMILARITY = 0.8;
/** Claims shorter than this (in words) are too short to call duplicates by their words. */
const MIN_CLAIM_WORDS = 4;

function similarity(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** The numbers of a claim, in order: two claims that differ in a figure are never the same. */
function figures(claim: string): string {
  return (claim.match(/\d+(?:[.,]\d+)*/g) ?? []).join(' ');
}

/**
 * Merges duplicate findings of the same sub-question, keeping the first: a finding whose quote
 * another finding already has, or whose claim shares most of its words and all its figures with an
 * earlier claim.
 */
export function mergeDuplicates(findings: readonly Finding[]): MergedFinding[] {
  const kept: { entry: MergedFinding; words: Set<string>; figures: string; quotes: Set<string> }[] = [];
  for (const finding of findings) {
    const words = new Set(tokenize(finding.claim));
    const numbers = figures(finding.claim);
    const quotes = new Set(finding.quotes.map((quote) => normalizeForQuote(quote.text).toLowerCase()));
    const same = kept.find(
      (candidate) =>
        candidate.entry.finding.subQuestionId === finding.subQuestionId &&
        ([...quotes].some((quote) => candidate.quotes.has(quote)) ||
          (words.size >= MIN_CLAIM_WORDS &&
            candidate.words.size >= MIN_CLAIM_WORDS &&
            candidate.figures === numbers &&
            similarity(words, candidate.words) >= SAME_CLAIM_SIMILARITY)),
    );
    if (same) same.entry.merged.push(finding.id);
    else kept.push({ entry: { finding, merged: [] }, words, figures: numbers, quotes });
  }
  return kept.map((item) => item.entry);
}
