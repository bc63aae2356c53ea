import { createBagPostings } from '../text/bag-postings.js';
import { type CandidateFacts, candidateFacts, rerankTerms } from './candidate-facts.js';
import {
  createWeigher,
  normalizedRelevance,
  type RankedCandidate,
  type RerankSignals,
} from './candidate-weigher.js';
import { spreadHosts } from './host-spread.js';
import type { PoolCandidates } from './pool-candidates.js';
import type { PoolEntry } from './pool-entry.js';
import { rankPool } from './rank-pool.js';

export type { RankedCandidate, RerankNeed, RerankSignals } from './candidate-weigher.js';

/**
 * Reranks candidate URLs: search rank (the fused order), lexical relevance (BM25) of title and
 * snippet to the open sub-questions, agreement (several providers or queries returned it), hosts
 * findings already came from or the question names, recency when a time-ranged search asked for
 * it, credibility (`scoreCredibility` of its address, title and date), the kind of source the
 * question's intent wants (papers for an academic question, the named site…), and host diversity:
 * each earlier pick from the same host multiplies a candidate's score by `SAME_HOST_DECAY`.
 * Returns the best `limit` with a few words on why. The pool's candidates (`unreadCandidates`) are
 * ranked without weighing those that cannot be picked (`rankPool`), with the same result.
 */
export function rerankCandidates(
  candidates: readonly PoolEntry[] | PoolCandidates,
  signals: RerankSignals,
  limit = Number.POSITIVE_INFINITY,
): RankedCandidate[] {
  if (!Array.isArray(candidates)) return rankPool(candidates as PoolCandidates, signals, limit);
  const entries = candidates as readonly PoolEntry[];
  if (entries.length === 0) return [];
  // Each candidate's terms, host and credibility are read once per entry (`candidateFacts`); the
  // corpus tokenizer's stems make "completed" meet "completion" and "is", "the" match nothing.
  const facts = entries.map((entry) => candidateFacts(entry));
  const needs = signals.needs.map((need) => rerankTerms(need.text));
  const scored = createBagPostings(facts.map((fact, position) => [position, fact.terms] as const)).scores(
    needs,
  );
  const relevance = normalizedRelevance(scored, signals.needs);
  const { weigh } = createWeigher(signals);
  const placed = (position: number) => ({
    position,
    relevance: relevance.get(position)?.relevance ?? 0,
    need: relevance.get(position)?.need,
  });
  const scores = entries.map((entry, position) =>
    weigh(entry, facts[position] as CandidateFacts, placed(position)),
  );
  const picks = spreadHosts({ hosts: facts.map((fact) => fact.host), scores }, limit);
  return picks.map(({ position, worth, earlier }) => {
    const fact = facts[position] as CandidateFacts;
    const entry = entries[position] as PoolEntry;
    const reasons: string[] = [];
    weigh(entry, fact, placed(position), reasons);
    if (earlier > 0) reasons.push(`${earlier} more from ${fact.host} above`);
    return { entry, score: worth, reasons, credibility: fact.credibility };
  });
}
