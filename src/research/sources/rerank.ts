import type { QueryIntent, SourceCredibility } from '../../contract/index.js';
import type { TimeRange } from '../../search/index.js';
import { createBagPostings } from '../text/bag-postings.js';
import { type CandidateFacts, candidateFacts, factsFit, rerankTerms } from './candidate-facts.js';
import { spreadHosts } from './host-spread.js';
import { intentMatch } from './intent-match.js';
import { siteNamer } from './named-site.js';
import type { PoolCandidates, PoolEntry } from './url-pool.js';

/** One thing still to be found. */
export interface RerankNeed {
  /** Sub-question id, when it is one. */
  id?: string;
  text: string;
  /** A fact-check wants a second, independent host: the hosts its findings came from rank lower. */
  intent?: string;
  /** Hosts this sub-question's findings came from. */
  hosts?: ReadonlySet<string>;
}

/** What the candidates are ranked against. */
export interface RerankSignals {
  /** What is still to be found: the open sub-questions (or the question before there is a plan). */
  needs: readonly RerankNeed[];
  /** The question, whose words may name a site (a primary source). */
  question: string;
  /** Hosts findings were already taken from. */
  citedHosts: ReadonlySet<string>;
  /** Window of the latest time-ranged search: when set, recent candidates come first. */
  timeRange?: TimeRange;
  /** What the question wants of its sources: candidates of the kind it wants rank higher. */
  intent?: QueryIntent | undefined;
  now?: Date;
}

/**
 * Each candidate's BM25 score against each need, by position, `undefined` for one holding no term of
 * any need (it scores 0). The pool's postings serve when they hold exactly these entries with the
 * bags their facts have now (an entry changed behind the pool's back is read afresh); else the
 * candidates' own bags are indexed for this ranking.
 */
function needScores(
  candidates: readonly PoolEntry[] | PoolCandidates,
  facts: readonly CandidateFacts[],
  needs: readonly (readonly string[])[],
): (position: number) => number[] | undefined {
  if (!Array.isArray(candidates)) {
    const { entries, postings, facts: indexed } = candidates as PoolCandidates;
    // The facts are read again when an entry changes: the same facts mean the same bag in the postings.
    const current =
      postings.size === entries.length && facts.every((fact, position) => fact === indexed[position]);
    if (current) {
      const scored = postings.scores(needs);
      return (position) => scored.get(entries[position] as PoolEntry);
    }
  }
  const scored = createBagPostings(facts.map((fact, position) => [position, fact.terms] as const)).scores(
    needs,
  );
  return (position) => scored.get(position);
}

/** A candidate URL with its reranked score and why it ranks where it does, in short. */
export interface RankedCandidate {
  entry: PoolEntry;
  score: number;
  reasons: string[];
  /** Credibility read from its address, title and date (see `scoreCredibility`). */
  credibility: SourceCredibility;
}

const HOURS: Record<TimeRange, number> = { hour: 1, day: 24, week: 168, month: 744, year: 8784 };
/** Weights of the signals; relevance to what is still open weighs most. */
const WEIGHT = {
  searchRank: 0.4,
  relevance: 0.6,
  perAgreement: 0.1,
  maxAgreement: 0.3,
  citedHost: 0.15,
  namedHost: 0.2,
  recency: 0.3,
  /** Times the credibility's distance from 0.5 (a source nothing is known about). */
  credibility: 0.4,
  intent: 0.35,
} as const;

/** How much of the window is still ahead of a dated entry: 1 for now, 0 at the window's start or older. */
function freshness(publishedAt: string | undefined, range: TimeRange, now: Date): number {
  const time = publishedAt ? Date.parse(publishedAt) : Number.NaN;
  if (Number.isNaN(time)) return 0;
  const ageHours = Math.max(0, now.getTime() - time) / 3_600_000;
  return Math.max(0, 1 - ageHours / HOURS[range]);
}

/**
 * Reranks candidate URLs: search rank (the fused order), lexical relevance (BM25) of title and
 * snippet to the open sub-questions, agreement (several providers or queries returned it), hosts
 * findings already came from or the question names, recency when a time-ranged search asked for
 * it, credibility (`scoreCredibility` of its address, title and date), the kind of source the
 * question's intent wants (papers for an academic question, the named site…), and host diversity:
 * each earlier pick from the same host multiplies a candidate's score by `SAME_HOST_DECAY`.
 * Returns the best `limit` with a few words on why.
 */
export function rerankCandidates(
  candidates: readonly PoolEntry[] | PoolCandidates,
  signals: RerankSignals,
  limit = Number.POSITIVE_INFINITY,
): RankedCandidate[] {
  const entries = Array.isArray(candidates) ? candidates : (candidates as PoolCandidates).entries;
  if (entries.length === 0) return [];
  const now = signals.now ?? new Date();
  // Each candidate's terms, host and credibility are read once per entry (`candidateFacts`); the
  // corpus tokenizer's stems make "completed" meet "completion" and "is", "the" match nothing.
  // The pool hands its facts over; an entry changed behind its back since is read again.
  const handed = Array.isArray(candidates) ? undefined : (candidates as PoolCandidates).facts;
  const facts = entries.map((entry, position) => {
    const fact = handed?.[position];
    return fact && factsFit(fact, entry) ? fact : candidateFacts(entry);
  });
  // Raw BM25 per need, normalised once over all needs: the need a candidate matches most strongly
  // names it, and a weak match to every need does not look like a strong one.
  const relevance = new Array<number>(entries.length).fill(0);
  const bestNeed = new Array<string | undefined>(entries.length).fill(undefined);
  const scoresOf = needScores(
    candidates,
    facts,
    signals.needs.map((need) => rerankTerms(need.text)),
  );
  for (let index = 0; index < entries.length; index += 1) {
    const scores = scoresOf(index);
    if (!scores) continue;
    signals.needs.forEach((need, position) => {
      const score = scores[position] ?? 0;
      if (score > (relevance[index] ?? 0)) {
        relevance[index] = score;
        bestNeed[index] = need.id;
      }
    });
  }
  let top = 0;
  for (const value of relevance) top = Math.max(top, value);
  for (let index = 0; index < relevance.length; index += 1) {
    const normalized = top > 0 ? (relevance[index] ?? 0) / top : 0;
    relevance[index] = normalized;
    if (normalized < 0.5) bestNeed[index] = undefined;
  }
  // The first need of each id names its hosts; any need of the id may make it a fact-check.
  const needHosts = new Map<string, ReadonlySet<string> | undefined>();
  for (const item of signals.needs)
    if (item.id !== undefined && !needHosts.has(item.id)) needHosts.set(item.id, item.hosts);
  const factChecks = new Set(
    signals.needs.flatMap((item) => (item.intent === 'fact-check' ? [item.id] : [])),
  );
  const namesSite = siteNamer(signals.question);
  // Without an intent nothing is wanted of a candidate's kind (`intentMatch`), so none is asked.
  const wantsKind = signals.intent !== undefined && signals.intent.intent !== 'none';
  // Before any finding no host is cited, and a lookup in an empty set still hashes the host.
  const anyCited = signals.citedHosts.size > 0;

  /**
   * A candidate's score before the host spread, and with `reasons` the words on why: every
   * candidate is weighed for its score, and only those picked again for their reasons.
   */
  const weigh = (position: number, reasons?: string[]): number => {
    const entry = entries[position] as PoolEntry;
    const fact = facts[position] as CandidateFacts;
    const { host, credibility } = fact;
    let score = WEIGHT.searchRank / (1 + position / 10) + WEIGHT.relevance * (relevance[position] ?? 0);
    const need = bestNeed[position];
    if (need) reasons?.push(`matches ${need}`);
    const agreement = entry.providers.length - 1 + entry.queries.length - 1;
    if (agreement > 0) {
      score += Math.min(WEIGHT.maxAgreement, WEIGHT.perAgreement * agreement);
      if (entry.providers.length > 1) reasons?.push(`${entry.providers.length} providers`);
      if (entry.queries.length > 1) reasons?.push(`${entry.queries.length} queries`);
    }
    const needSources = need === undefined ? undefined : needHosts.get(need);
    const factCheck = need !== undefined && factChecks.has(need) && (needSources?.size ?? 0) > 0;
    if (factCheck && host) {
      // Confirmation needs independence: another page of the same host proves nothing new.
      const independent = !needSources?.has(host);
      score += independent ? WEIGHT.citedHost : -WEIGHT.citedHost;
      reasons?.push(
        independent ? `another host for ${need}` : `${need} already has a finding from this host`,
      );
    } else if (anyCited && host && signals.citedHosts.has(host)) {
      score += WEIGHT.citedHost;
      reasons?.push('host already cited');
    }
    if (namesSite(fact)) {
      score += WEIGHT.namedHost;
      reasons?.push('site named in question');
    }
    if (signals.timeRange) {
      const fresh = freshness(entry.publishedAt, signals.timeRange, now);
      if (fresh > 0) {
        score += WEIGHT.recency * fresh;
        reasons?.push(`within the last ${signals.timeRange}`);
      }
    }
    score += WEIGHT.credibility * (credibility.score - 0.5);
    const wanted = wantsKind
      ? intentMatch(signals.intent, { host, kind: credibility.kind, dated: Boolean(entry.publishedAt) })
      : undefined;
    if (wanted) {
      score += WEIGHT.intent * wanted.share;
      reasons?.push(wanted.reason);
    }
    return Math.max(0, score);
  };

  const scores = entries.map((_, position) => weigh(position));
  const picks = spreadHosts({ hosts: facts.map((fact) => fact.host), scores }, limit);
  return picks.map(({ position, worth, earlier }) => {
    const reasons: string[] = [];
    weigh(position, reasons);
    const host = facts[position]?.host ?? '';
    if (earlier > 0) reasons.push(`${earlier} more from ${host} above`);
    return {
      entry: entries[position] as PoolEntry,
      score: worth,
      reasons,
      credibility: (facts[position] as (typeof facts)[number]).credibility,
    };
  });
}
