import { reciprocalRankScore, type SearchResult, type TimeRange } from '../../search/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { BOOST_HOST_FACTOR } from '../constants.js';
import { createBagPostings } from '../text/bag-postings.js';
import { candidateFacts, keptEntry } from './candidate-facts.js';
import { fixedWorth } from './candidate-weigher.js';
import { type HostRules, isAllowedUrl, isBoostedUrl } from './hosts.js';
import type { PoolCandidates, PoolHost, PoolSlot } from './pool-candidates.js';
import type { PoolEntry } from './pool-entry.js';
import { before, beforeFixed, merge, type Slot, type Writable } from './pool-slots.js';

export type { PoolCandidates, PoolSlot } from './pool-candidates.js';
export type { PoolEntry } from './pool-entry.js';

/** URLs found by search, ranked by fused search rank and host boosts, filtered by host rules. */
export interface UrlPool {
  /** Adds the results of one query; results on disallowed hosts are dropped. Returns new URLs. */
  add(results: readonly SearchResult[], query: string): number;
  /** Marks a URL as read so it is no longer offered. */
  markRead(url: string): void;
  hasRead(url: string): boolean;
  /** Unread entries, best first. */
  ranked(limit?: number): PoolEntry[];
  /** Unread entries, best first, with what a ranking reads of them (see `rerankCandidates`). */
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
function providersOf(result: SearchResult): readonly string[] {
  return result.providers && result.providers.length > 0 ? result.providers : [result.provider];
}

const NONE: readonly PoolSlot[] = [];
/** Addresses longer than this are not kept by the string given (see `canonicalUrl`). */
const KEPT_URL_CHARS = 2_048;

/** Creates an empty URL pool that applies the run's host rules. */
export function createUrlPool(rules: HostRules): UrlPool {
  const slots = new Map<string, Slot>();
  const read = new Set<string>();
  /** Entries whose key is read (a URL may be read before a search finds it). */
  let readEntries = 0;
  let timeRange: TimeRange | undefined;
  /**
   * The slots best first (by score, then arrival: what a stable sort of all entries gives) and by
   * fixed worth. Ranking runs every step, searching only now and then; an add changes a few slots
   * (`touched`), so only those are sorted again and merged with the rest, which kept their order.
   * A read marks its slot, which stays in both lists until the next reorder; `removed` holds the
   * indexes of those read since, so a slot's position is its index less the read ones before it.
   */
  let byScore: Slot[] = [];
  let byFixed: Slot[] = [];
  let removed: number[] = [];
  const touched: Slot[] = [];
  /** The unread entries best first, made when asked. */
  let listed: PoolEntry[] | undefined;
  const postings = createBagPostings<PoolSlot>();
  /** The unread slots of each host, in arrays: most hosts hold one or two, for which a set costs more. */
  const hostSlots = new Map<string, Slot[]>();
  const hosts: PoolHost[] = [];
  const dated = new Set<Slot>();

  /** A slot becomes a candidate: its terms, host and date are indexed. */
  const enter = (slot: Slot) => {
    postings.set(slot, slot.facts.terms);
    const { host } = slot.facts;
    const onHost = hostSlots.get(host);
    if (onHost) onHost.push(slot);
    else {
      hostSlots.set(host, [slot]);
      hosts.push(slot.facts);
    }
    if (slot.entry.publishedAt) dated.add(slot);
  };
  /**
   * Each address as a search gave it, with its slot and host boost (the rules are the pool's for its
   * life): a URL found again costs one lookup, not a host check, a canonical form and a boost.
   */
  const given = new Map<string, { slot: Slot; boost: number }>();
  const remember = (url: string, slot: Slot, boost: number) => {
    // A hostile megabyte address is not kept twice (see `canonicalUrl`).
    if (url.length <= KEPT_URL_CHARS) given.set(url, { slot, boost });
  };
  const touch = (slot: Slot) => {
    if (slot.touched) return;
    slot.touched = true;
    touched.push(slot);
  };
  /**
   * A search found the slot's URL again: its entry takes the score, query, providers, and a snippet
   * or date it lacked, and its facts and fixed worth follow at once (the pool is the only writer).
   */
  const update = (slot: Slot, result: SearchResult, query: string, gain: number) => {
    const entry = slot.entry as Writable;
    entry.score += gain;
    slot.score = entry.score;
    if (!entry.queries.includes(query)) entry.queries.push(query);
    for (const provider of providersOf(result))
      if (!entry.providers.includes(provider)) entry.providers.push(provider);
    // A snippet or date that came later is kept; the first title and address stay.
    if (!entry.snippet && result.snippet) entry.snippet = result.snippet;
    const dating = !entry.publishedAt && Boolean(result.publishedAt);
    if (dating) entry.publishedAt = result.publishedAt;
    const facts = candidateFacts(entry);
    const fixed = fixedWorth(entry, facts);
    if (fixed !== slot.fixed) {
      slot.fixed = fixed;
      slot.refix = true;
    }
    touch(slot);
    const changed = facts !== slot.facts;
    slot.facts = facts;
    if (slot.read) return;
    // A snippet that came later changes its terms.
    if (changed) postings.set(slot, facts.terms);
    if (dating) dated.add(slot);
  };
  const positionOf = (slot: PoolSlot): number => {
    const { at } = slot as Slot;
    let gone = 0;
    while (gone < removed.length && (removed[gone] as number) < at) gone += 1;
    return at - gone;
  };
  const reorder = () => {
    const moved = touched.filter((slot) => !slot.read);
    byScore = merge(byScore, moved.sort(before), before, (slot) => !slot.touched && !slot.read);
    // Most slots a search finds again keep their fixed worth (agreement stops at three): they stay
    // where they are by fixed worth, and read ones wait there (the walk skips them) until a merge.
    const refixed = moved.filter((slot) => slot.refix);
    if (refixed.length > 0 || byFixed.length > 2 * byScore.length)
      byFixed = merge(byFixed, refixed.sort(beforeFixed), beforeFixed, (slot) => !slot.refix && !slot.read);
    for (const slot of touched) {
      slot.touched = false;
      slot.refix = false;
    }
    touched.length = 0;
    for (let index = 0; index < byScore.length; index += 1) (byScore[index] as Slot).at = index;
    removed = [];
    listed = undefined;
  };
  const ranked = (): PoolEntry[] => {
    if (touched.length > 0) reorder();
    listed ??= byScore.flatMap((slot) => (slot.read ? [] : [slot.entry]));
    return listed;
  };
  const candidates: PoolCandidates = {
    get size() {
      return slots.size - readEntries;
    },
    get slots() {
      return slots.size;
    },
    get byScore() {
      return byScore;
    },
    get byFixed() {
      return byFixed;
    },
    positionOf,
    postings,
    onHost: (host) => hostSlots.get(host) ?? NONE,
    hosts,
    dated,
    entries: ranked,
  };

  return {
    add(results, query) {
      let added = 0;
      results.forEach((result, rank) => {
        const known = given.get(result.url);
        if (known) {
          update(known.slot, result, query, known.boost * reciprocalRankScore(rank));
          return;
        }
        if (!isAllowedUrl(result.url, rules)) return;
        const key = canonicalUrl(result.url);
        const boost = isBoostedUrl(result.url, rules) ? BOOST_HOST_FACTOR : 1;
        const gain = boost * reciprocalRankScore(rank);
        const slot = slots.get(key);
        if (slot) {
          remember(result.url, slot, boost);
          update(slot, result, query, gain);
          return;
        }
        const entry = keptEntry({
          url: result.url,
          title: result.title,
          snippet: result.snippet,
          publishedAt: result.publishedAt,
          score: gain,
          queries: [query],
          providers: [...providersOf(result)],
        });
        const facts = candidateFacts(entry);
        const made: Slot = {
          key,
          arrival: slots.size,
          entry,
          facts,
          fixed: fixedWorth(entry, facts),
          read: read.has(key),
          score: gain,
          touched: false,
          refix: true,
          at: -1,
        };
        slots.set(key, made);
        remember(result.url, made, boost);
        touch(made);
        if (made.read) readEntries += 1;
        else enter(made);
        added += 1;
      });
      return added;
    },
    markRead(url) {
      const key = canonicalUrl(url);
      if (read.has(key)) return;
      read.add(key);
      const slot = slots.get(key);
      if (!slot) return;
      readEntries += 1;
      slot.read = true;
      postings.delete(slot);
      const onHost = hostSlots.get(slot.facts.host) ?? [];
      const place = onHost.indexOf(slot);
      if (place !== -1) onHost.splice(place, 1);
      dated.delete(slot);
      listed = undefined;
      // Until a reorder, positions count the read slots before them; after it, none is left.
      if (touched.length > 0 || slot.at < 0) return;
      let at = removed.length;
      while (at > 0 && (removed[at - 1] as number) > slot.at) at -= 1;
      removed.splice(at, 0, slot.at);
    },
    hasRead(url) {
      return read.has(canonicalUrl(url));
    },
    ranked(limit = Number.POSITIVE_INFINITY) {
      const entries = ranked();
      return Number.isFinite(limit) ? entries.slice(0, Math.max(0, Math.ceil(limit))) : entries.slice();
    },
    unreadCandidates() {
      if (touched.length > 0) reorder();
      return candidates;
    },
    get(url) {
      return slots.get(canonicalUrl(url))?.entry;
    },
    get size() {
      return slots.size;
    },
    get unread() {
      return slots.size - readEntries;
    },
    noteTimeRange(range) {
      timeRange = range;
    },
    get timeRange() {
      return timeRange;
    },
  };
}
