import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { createBagPostings } from '../text/bag-postings.js';
import { termBag } from '../text/text-rank.js';
import { rerankTerms } from './candidate-facts.js';
import { fixedWorth } from './candidate-weigher.js';
import { createUrlPool, type PoolEntry, type PoolSlot, type UrlPool } from './url-pool.js';

const result = (url: string) => ({ url, title: url, snippet: '', provider: 'fake' });

describe('createUrlPool', () => {
  it('ranks by fused rank across queries and puts boosted hosts first', () => {
    const pool = createUrlPool({ boostHosts: ['boost.example'], excludeHosts: [], onlyHosts: [] });
    pool.add(
      [result('https://a.example/1'), result('https://b.example/2'), result('https://boost.example/3')],
      'q1',
    );
    expect(pool.ranked().map((entry) => entry.url)).toEqual([
      'https://boost.example/3',
      'https://a.example/1',
      'https://b.example/2',
    ]);
    // A second query that returns b lifts it above a: the ranking follows every add.
    pool.add([result('https://b.example/2/'), result('https://c.example/4')], 'q2');
    expect(pool.ranked().map((entry) => entry.url)).toEqual([
      'https://boost.example/3',
      'https://b.example/2',
      'https://a.example/1',
      'https://c.example/4',
    ]);
    expect(pool.get('https://b.example/2')?.queries).toEqual(['q1', 'q2']);
  });

  it('never admits excluded hosts, only admits onlyHosts when set, and hides read URLs', () => {
    const pool = createUrlPool({
      boostHosts: [],
      excludeHosts: ['spam.example'],
      onlyHosts: ['wikipedia.org', 'spam.example'],
    });
    const added = pool.add(
      [
        result('https://en.wikipedia.org/wiki/A'),
        result('https://spam.example/x'),
        result('https://other.example/y'),
        result('ftp://wikipedia.org/z'),
      ],
      'q',
    );
    expect(added).toBe(1);
    pool.markRead('https://en.wikipedia.org/wiki/A#section');
    expect(pool.ranked()).toEqual([]);
    expect(pool.hasRead('https://en.wikipedia.org/wiki/A')).toBe(true);
  });

  it('counts spellings of one page once but offers the page as search gave it', () => {
    const pool = createUrlPool({ boostHosts: [], excludeHosts: [], onlyHosts: [] });
    pool.add([result('https://www.example.org/Page?b=2&a=1&utm_source=feed')], 'q1');
    pool.add([result('https://example.org/Page/?a=1&b=2#top')], 'q2');
    expect(pool.ranked().map((entry) => entry.url)).toEqual([
      'https://www.example.org/Page?b=2&a=1&utm_source=feed',
    ]);
    pool.markRead('https://example.org/Page?a=1&b=2');
    expect(pool.ranked()).toEqual([]);
  });

  it('keeps the order a full stable sort by score gives, and its unread count, across many searches and reads', () => {
    // The oracle: every entry in arrival order, sorted by score (stable), read ones left out.
    const oracle = (arrived: readonly PoolEntry[], read: ReadonlySet<string>) =>
      [...arrived].sort((a, b) => b.score - a.score).filter((entry) => !read.has(entry.url));
    // The pool's entry of each URL as it is now (a search that finds a URL again puts a new one in its place).
    const now = (pool: UrlPool, arrived: readonly string[]) =>
      arrived.map((url) => pool.get(url) as PoolEntry);
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seededRandom(seed);
      const pool = createUrlPool({ boostHosts: ['boost.example'], excludeHosts: [], onlyHosts: [] });
      const urls = Array.from({ length: 60 }, (_, index) =>
        index % 7 === 0 ? `https://boost.example/${index}` : `https://site${index % 13}.example/${index}`,
      );
      const arrived: string[] = [];
      const read = new Set<string>();
      for (let round = 0; round < 40; round += 1) {
        if (random() < 0.6) {
          // Ranks repeat across queries, so many scores tie and the order of arrival decides.
          const results = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
            result(urls[Math.floor(random() * urls.length)] as string),
          );
          pool.add(results, `q${Math.floor(random() * 5)}`);
          for (const item of results) {
            const entry = pool.get(item.url);
            if (entry && !arrived.includes(entry.url)) arrived.push(entry.url);
          }
        } else {
          // A URL may be read before any search found it.
          const url = urls[Math.floor(random() * urls.length)] as string;
          pool.markRead(url);
          read.add(url);
        }
        // Now and then several searches and reads come between two rankings.
        if (random() < 0.4) continue;
        const expected = oracle(now(pool, arrived), read);
        expect(pool.ranked().map((entry) => entry.url)).toEqual(expected.map((entry) => entry.url));
        expect(pool.ranked(3)).toEqual(expected.slice(0, 3));
        expect(pool.unread).toBe(expected.length);
        // What a ranking reads: each unread slot's place is the one `ranked` lists its entry at.
        const candidates = pool.unreadCandidates();
        expect(candidates.size).toBe(expected.length);
        const live = candidates.byScore.filter((slot) => !slot.read);
        expect(live.map((slot) => slot.entry)).toEqual(expected);
        expect(live.map((slot) => candidates.positionOf(slot))).toEqual(live.map((_, index) => index));
        const byFixed = candidates.byFixed.filter((slot) => !slot.read);
        expect(new Set(byFixed)).toEqual(new Set(live));
        byFixed.forEach((slot, index) => {
          expect(slot.fixed).toBe(fixedWorth(slot.entry, slot.facts));
          if (index > 0) expect(slot.fixed).toBeLessThanOrEqual((byFixed[index - 1] as PoolSlot).fixed);
        });
      }
    }
  });

  it('keeps the postings, hosts and dates of exactly its unread entries, with the terms each has now, across searches and reads', () => {
    const words = ['tower', 'iron', 'paris', 'built', 'height', 'steel', 'fair', 'paint'];
    const queries = [['tower', 'iron'], ['height'], ['paint', 'fair', 'tower']];
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed);
      const pick = () => words[Math.floor(random() * words.length)] as string;
      const pool = createUrlPool({ boostHosts: [], excludeHosts: [], onlyHosts: [] });
      for (let round = 0; round < 40; round += 1) {
        const url = `https://site${Math.floor(random() * 10)}.example/${Math.floor(random() * 3)}`;
        if (random() < 0.65) {
          // Half come without a snippet or a date: a later search of the same URL may bring one.
          const snippet = random() < 0.5 ? '' : `${pick()} ${pick()} ${pick()}`;
          const publishedAt = random() < 0.5 ? undefined : '2026-11-30T00:00:00Z';
          pool.add(
            [
              {
                url,
                title: `${pick()} ${pick()}`,
                snippet,
                provider: 'fake',
                ...(publishedAt ? { publishedAt } : {}),
              },
            ],
            `q${round}`,
          );
        } else pool.markRead(url);
        const candidates = pool.unreadCandidates();
        const slots = candidates.byScore.filter((slot) => !slot.read);
        const entries = pool.ranked();
        expect(slots.map((slot) => slot.entry)).toEqual(entries);
        expect(candidates.postings.size).toBe(entries.length);
        // The oracle: the terms read afresh from each unread entry's title and snippet as they are now.
        slots.forEach((slot) => {
          expect(slot.facts.terms).toEqual(termBag(rerankTerms(`${slot.entry.title} ${slot.entry.snippet}`)));
        });
        const afresh = createBagPostings(slots.map((slot) => [slot, slot.facts.terms] as const));
        expect(candidates.postings.scores(queries)).toEqual(afresh.scores(queries));
        const hosts = new Set(slots.map((slot) => slot.facts.host));
        for (const host of hosts)
          expect(new Set(candidates.onHost(host))).toEqual(
            new Set(slots.filter((slot) => slot.facts.host === host)),
          );
        expect(candidates.hosts.map(({ host }) => host)).toEqual(expect.arrayContaining([...hosts]));
        expect(new Set(candidates.dated)).toEqual(new Set(slots.filter((slot) => slot.entry.publishedAt)));
      }
    }
  });
});
