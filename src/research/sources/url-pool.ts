import { reciprocalRankScore, type SearchResult, type TimeRange } from '../../search/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { BOOST_HOST_FACTOR } from '../constants.js';
import { type HostRules, isAllowedUrl, isBoostedUrl } from './hosts.js';

/** A URL found by search, with what the planner needs to decide whether to read it. */
export interface PoolEntry {
  url: string;
  title: string;
  snippet: string;
  /** Publication date the search provider gave (ISO-8601), when it gave one. */
  publishedAt?: string;
  /** Reciprocal-rank-fusion score over every query that returned it, boosts applied. */
  score: number;
  /** Queries that returned it. */
  queries: string[];
  /** Providers that returned it (several when fused results agreed). */
  providers: string[];
}

/** URLs found by search, ranked by fused search rank and host boosts, filtered by host rules. */
export interface UrlPool {
  /** Adds the results of one query; results on disallowed hosts are dropped. Returns new URLs. */
  add(results: readonly SearchResult[], query: string): number;
  /** Marks a URL as read so it is no longer offered. */
  markRead(url: string): void;
  hasRead(url: string): boolean;
  /** Unread entries, best first. */
  ranked(limit?: number): PoolEntry[];
  get(url: string): PoolEntry | undefined;
  readonly size: number;
  /** Records that a search asked for results from the last `range`: recent candidates rank higher. */
  noteTimeRange(range: TimeRange): void;
  /** The window of the latest time-ranged search, if any. */
  readonly timeRange: TimeRange | undefined;
}

/** Every provider that returned a result (fusion lists them; a single provider's result names one). */
function providersOf(result: SearchResult): string[] {
  return result.providers && result.providers.length > 0 ? [...result.providers] : [result.provider];
}

/** Creates an empty URL pool that applies the run's host rules. */
export function createUrlPool(rules: HostRules): UrlPool {
  const entries = new Map<string, PoolEntry>();
  const read = new Set<string>();
  let timeRange: TimeRange | undefined;
  /**
   * Every key, best first, made again only after an add changed a score: ranking runs every step,
   * searching only now and then. The sort is stable, so filtering it gives what sorting the unread
   * entries would.
   */
  let byScore: [string, PoolEntry][] | undefined;

  return {
    add(results, query) {
      byScore = undefined;
      let added = 0;
      results.forEach((result, rank) => {
        if (!isAllowedUrl(result.url, rules)) return;
        const key = canonicalUrl(result.url);
        const boost = isBoostedUrl(result.url, rules) ? BOOST_HOST_FACTOR : 1;
        const gain = boost * reciprocalRankScore(rank);
        const existing = entries.get(key);
        if (existing) {
          existing.score += gain;
          if (!existing.queries.includes(query)) existing.queries.push(query);
          for (const provider of providersOf(result))
            if (!existing.providers.includes(provider)) existing.providers.push(provider);
          if (!existing.snippet && result.snippet) existing.snippet = result.snippet;
          if (!existing.publishedAt && result.publishedAt) existing.publishedAt = result.publishedAt;
          return;
        }
        entries.set(key, {
          url: result.url,
          title: result.title,
          snippet: result.snippet,
          ...(result.publishedAt ? { publishedAt: result.publishedAt } : {}),
          score: gain,
          queries: [query],
          providers: providersOf(result),
        });
        added += 1;
      });
      return added;
    },
    markRead(url) {
      read.add(canonicalUrl(url));
    },
    hasRead(url) {
      return read.has(canonicalUrl(url));
    },
    ranked(limit = Number.POSITIVE_INFINITY) {
      // An entry's key is its canonical URL, made once when it came: every step ranks the pool.
      byScore ??= [...entries].sort(([, a], [, b]) => b.score - a.score);
      const unread: PoolEntry[] = [];
      for (const [key, entry] of byScore) {
        if (unread.length >= limit) break;
        if (!read.has(key)) unread.push(entry);
      }
      return unread;
    },
    get(url) {
      return entries.get(canonicalUrl(url));
    },
    get size() {
      return entries.size;
    },
    noteTimeRange(range) {
      timeRange = range;
    },
    get timeRange() {
      return timeRange;
    },
  };
}
