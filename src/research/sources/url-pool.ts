import { reciprocalRankScore, type SearchResult, type TimeRange } from '../../search/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { BOOST_HOST_FACTOR } from '../constants.js';
import { type BagPostings, createBagPostings } from '../text/bag-postings.js';
import { type CandidateFacts, candidateFacts } from './candidate-facts.js';
import { type HostRules, isAllowedUrl, isBoostedUrl } from './hosts.js';
import type { PoolEntry } from './pool-entry.js';

export type { PoolEntry } from './pool-entry.js';

/**
 * The unread entries, best first, with the postings of their terms (`candidateFacts`' bags) kept as
 * entries arrive, change and are read: ranking them reads only the entries a query term is in.
 */
export interface PoolCandidates {
  entries: readonly PoolEntry[];
  /** Each entry's facts as the pool read them (`candidateFacts`): its bag is the one in `postings`. */
  facts: readonly CandidateFacts[];
  /** Exactly the unread entries, keyed by entry. */
  postings: Pick<BagPostings<PoolEntry>, 'bagOf' | 'scores' | 'size'>;
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
  /** Unread entries, best first, with their postings (see `rerankCandidates`). */
  unreadCandidates(): PoolCandidates;
  /** How many entries are unread: `ranked().length` without listing them. */
  readonly unread: number;
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

/** An unread entry in the pool's order, with its key, when it came and the facts its postings hold. */
interface Ranked {
  key: string;
  entry: PoolEntry;
  /**
   * The entry's score when the record was made: only an add changes a score, and it makes a new
   * record, so a merge compares numbers on records rather than reading thousands of entries.
   */
  score: number;
  arrival: number;
  facts: CandidateFacts;
  /** Set when an add changed its entry: a record of it in its new place replaces this one. */
  moved?: boolean;
}

/** Higher score first, then the earlier arrival. */
const before = (a: Ranked, b: Ranked) => b.score - a.score || a.arrival - b.arrival;

/** Creates an empty URL pool that applies the run's host rules. */
export function createUrlPool(rules: HostRules): UrlPool {
  const entries = new Map<string, PoolEntry>();
  /** Each key's place in `entries`' order: ties in score keep it. */
  const arrival = new Map<string, number>();
  const read = new Set<string>();
  /** Entries whose key is read (a URL may be read before a search finds it). */
  let readEntries = 0;
  let timeRange: TimeRange | undefined;
  /**
   * Unread entries, best first (by score, then arrival: what a stable sort of all entries gives).
   * Ranking runs every step, searching only now and then; an add changes the scores of a few
   * entries, so only those (`touched`) are sorted again and merged with the rest, which kept
   * their order. A read takes its entry out, here and in `listed` (the entries alone).
   */
  let byScore: Ranked[] = [];
  let listed: PoolEntry[] = [];
  let listedFacts: CandidateFacts[] = [];
  /**
   * Whether `unreadCandidates` handed `listed` and `listedFacts` out since they were made: a read
   * then copies them before taking its entry out, so what was handed out stays as it was, and a
   * ranking every step does not copy thousands of entries it only reads.
   */
  let handedOut = false;
  const touched = new Set<string>();
  /** Each unread key's record in `byScore`. */
  const records = new Map<string, Ranked>();
  /** The terms of the unread entries, kept as they arrive, gain a snippet and are read. */
  const postings = createBagPostings<PoolEntry>();
  const reorder = () => {
    const moved: Ranked[] = [];
    for (const key of touched) {
      const entry = entries.get(key);
      const old = records.get(key);
      if (old) old.moved = true;
      if (!entry || read.has(key)) continue;
      const record = {
        key,
        entry,
        score: entry.score,
        arrival: arrival.get(key) ?? 0,
        facts: candidateFacts(entry),
      };
      records.set(key, record);
      moved.push(record);
    }
    moved.sort(before);
    // A read takes its record out of `byScore` at once, so only the moved ones are left out here.
    const kept = byScore.filter((record) => !record.moved);
    touched.clear();
    const merged: Ranked[] = [];
    let next = 0;
    for (const item of kept) {
      while (next < moved.length && before(moved[next] as Ranked, item) < 0)
        merged.push(moved[next++] as Ranked);
      merged.push(item);
    }
    for (; next < moved.length; next += 1) merged.push(moved[next] as Ranked);
    byScore = merged;
    listed = merged.map(({ entry }) => entry);
    listedFacts = merged.map(({ facts }) => facts);
    handedOut = false;
  };

  return {
    add(results, query) {
      let added = 0;
      results.forEach((result, rank) => {
        if (!isAllowedUrl(result.url, rules)) return;
        const key = canonicalUrl(result.url);
        const boost = isBoostedUrl(result.url, rules) ? BOOST_HOST_FACTOR : 1;
        const gain = boost * reciprocalRankScore(rank);
        const existing = entries.get(key);
        touched.add(key);
        if (existing) {
          existing.score += gain;
          if (!existing.queries.includes(query)) existing.queries.push(query);
          for (const provider of providersOf(result))
            if (!existing.providers.includes(provider)) existing.providers.push(provider);
          if (!existing.snippet && result.snippet) existing.snippet = result.snippet;
          if (!existing.publishedAt && result.publishedAt) existing.publishedAt = result.publishedAt;
          // A snippet that came later changes its terms (the same bag when nothing changed).
          if (!read.has(key)) postings.set(existing, candidateFacts(existing).terms);
          return;
        }
        const entry: PoolEntry = {
          url: result.url,
          title: result.title,
          snippet: result.snippet,
          ...(result.publishedAt ? { publishedAt: result.publishedAt } : {}),
          score: gain,
          queries: [query],
          providers: providersOf(result),
        };
        entries.set(key, entry);
        arrival.set(key, arrival.size);
        if (read.has(key)) readEntries += 1;
        else postings.set(entry, candidateFacts(entry).terms);
        added += 1;
      });
      return added;
    },
    markRead(url) {
      const key = canonicalUrl(url);
      if (read.has(key)) return;
      read.add(key);
      const entry = entries.get(key);
      if (!entry) return;
      readEntries += 1;
      postings.delete(entry);
      const record = records.get(key);
      records.delete(key);
      const at = record ? byScore.indexOf(record) : -1;
      if (at === -1) return;
      byScore.splice(at, 1);
      if (handedOut) {
        listed = listed.slice();
        listedFacts = listedFacts.slice();
        handedOut = false;
      }
      listed.splice(at, 1);
      listedFacts.splice(at, 1);
    },
    hasRead(url) {
      return read.has(canonicalUrl(url));
    },
    ranked(limit = Number.POSITIVE_INFINITY) {
      // An entry's key is its canonical URL, made once when it came: every step ranks the pool.
      if (touched.size > 0) reorder();
      return Number.isFinite(limit) ? listed.slice(0, Math.max(0, Math.ceil(limit))) : listed.slice();
    },
    unreadCandidates() {
      if (touched.size > 0) reorder();
      handedOut = true;
      return { entries: listed, facts: listedFacts, postings };
    },
    get(url) {
      return entries.get(canonicalUrl(url));
    },
    get size() {
      return entries.size;
    },
    get unread() {
      return entries.size - readEntries;
    },
    noteTimeRange(range) {
      timeRange = range;
    },
    get timeRange() {
      return timeRange;
    },
  };
}
