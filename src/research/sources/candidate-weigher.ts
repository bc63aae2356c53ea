import type { QueryIntent, SourceCredibility } from '../../contract/index.js';
import type { TimeRange } from '../../search/index.js';
import type { CandidateFacts } from './candidate-facts.js';
import { intentMatch } from './intent-match.js';
import { siteNamer } from './named-site.js';
import type { PoolEntry } from './pool-entry.js';

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

const HOURS: Record<TimeRange, number> = { hour: 1, day: 24, week: 168, month: 744, year: 8784 };
/** Weights of the signals; relevance to what is still open weighs most. */
export const WEIGHT = {
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

/** The worth of a candidate's place in the pool's order (its fused search rank), from 0. */
export function placeWorth(position: number): number {
  return WEIGHT.searchRank / (1 + position / 10);
}

/**
 * What a candidate is worth for itself alone, whatever is asked: agreement (several providers or
 * queries returned it) and credibility. With `placeWorth`, all a candidate is worth when it matches
 * no open need, is on no cited or named host, and neither recency nor the question's intent lifts it
 * (up to rounding: `weigh` adds the same terms in another order).
 */
export function fixedWorth(entry: PoolEntry, facts: CandidateFacts): number {
  const agreement = entry.providers.length - 1 + entry.queries.length - 1;
  const agreed = agreement > 0 ? Math.min(WEIGHT.maxAgreement, WEIGHT.perAgreement * agreement) : 0;
  return agreed + WEIGHT.credibility * (facts.credibility.score - 0.5);
}

/** How much of the window is still ahead of a dated entry: 1 for now, 0 at the window's start or older. */
function freshness(publishedAt: string | undefined, range: TimeRange, now: Date): number {
  const time = publishedAt ? Date.parse(publishedAt) : Number.NaN;
  if (Number.isNaN(time)) return 0;
  const ageHours = Math.max(0, now.getTime() - time) / 3_600_000;
  return Math.max(0, 1 - ageHours / HOURS[range]);
}

/** What a candidate's weighing reads of it, besides its entry and facts. */
export interface Placed {
  /** Its place in the pool's order, from 0. */
  position: number;
  /** Its BM25 relevance to the needs, normalised (the best candidate's is 1). */
  relevance: number;
  /** The id of the need it matches best, when it matches one at least half as well as the best. */
  need: string | undefined;
}

/** Weighs candidates against the signals of one ranking (see `rerankCandidates`). */
export interface Weigher {
  /** A candidate's score before the host spread; with `reasons`, the words on why pushed on it. */
  weigh(entry: PoolEntry, fact: CandidateFacts, placed: Placed, reasons?: string[]): number;
  /** Whether the question names the candidate's site. */
  namesSite(fact: Pick<CandidateFacts, 'host' | 'bareHost' | 'site'>): boolean;
  /** Whether the question's intent may lift some candidates (by up to `WEIGHT.intent`). */
  readonly wantsKind: boolean;
}

/** The weighing of one ranking: what the signals say, read once for every candidate. */
export function createWeigher(signals: RerankSignals): Weigher {
  const now = signals.now ?? new Date();
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

  const weigh = (entry: PoolEntry, fact: CandidateFacts, placed: Placed, reasons?: string[]): number => {
    const { host, credibility } = fact;
    const { need } = placed;
    let score = WEIGHT.searchRank / (1 + placed.position / 10) + WEIGHT.relevance * placed.relevance;
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
  return { weigh, namesSite, wantsKind };
}

/** A candidate URL with its reranked score and why it ranks where it does, in short. */
export interface RankedCandidate {
  entry: PoolEntry;
  score: number;
  reasons: string[];
  /** Credibility read from its address, title and date (see `scoreCredibility`). */
  credibility: SourceCredibility;
}

/**
 * Each need's raw BM25 relevance, normalised once over all needs: the need a candidate matches most
 * strongly names it, and a weak match to every need does not look like a strong one. From each
 * scored candidate's score per need (one left out scores 0); `undefined` need when its relevance is
 * under half the best's.
 */
export function normalizedRelevance<Key>(
  scored: ReadonlyMap<Key, readonly number[]>,
  needs: RerankSignals['needs'],
): Map<Key, { relevance: number; need: string | undefined }> {
  const best = new Map<Key, { relevance: number; need: string | undefined }>();
  let top = 0;
  for (const [key, scores] of scored) {
    let relevance = 0;
    let need: string | undefined;
    needs.forEach((item, position) => {
      const score = scores[position] ?? 0;
      if (score > relevance) {
        relevance = score;
        need = item.id;
      }
    });
    best.set(key, { relevance, need });
    top = Math.max(top, relevance);
  }
  for (const value of best.values()) {
    value.relevance = top > 0 ? value.relevance / top : 0;
    if (value.relevance < 0.5) value.need = undefined;
  }
  return best;
}
