import { describe, expect, it } from 'vitest';
import type { QueryIntent } from '../../contract/index.js';
import { seededRandom } from '../../shared/index.js';
import type { RerankSignals } from './rerank.js';
import { rerankCandidates } from './rerank.js';
import { createUrlPool } from './url-pool.js';

const WORDS = ['tower', 'iron', 'paris', 'built', 'height', 'steel', 'fair', 'paint', 'metres', 'python'];
/** Hosts of several kinds (papers, documentation, news, blogs, plain sites), some named by questions. */
const HOSTS = [
  'www.python.org',
  'docs.python.org',
  'paris.example',
  'cs.mit.edu',
  'news.example.com',
  'blog.example.net',
  'site1.example',
  'site2.example',
  'site3.example',
  'forum.example.org',
  'agency.gov',
  'tower.example',
  // Many hosts of one or two pages each: a cited or named host's page may sit deep in the pool.
  ...Array.from({ length: 80 }, (_, index) => `plain${index}.example`),
];
const INTENTS: (QueryIntent | undefined)[] = [
  undefined,
  { intent: 'none', from: 'question', reason: '' },
  { intent: 'academic', from: 'question', reason: '' },
  { intent: 'opinion', from: 'plan', reason: '' },
  { intent: 'recent', from: 'question', reason: '' },
  { intent: 'site', site: 'python.org', from: 'question', reason: '' },
];

/**
 * A pool filled by random searches and reads: hosts met many times (their later pages decay),
 * many equal scores, snippets and dates that come with a later search, and random signals: needs
 * (fact-checks among them), cited hosts, a question that names a site or not, a window, an intent.
 */
function randomCase(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const pool = createUrlPool({
    boostHosts: random() < 0.3 ? ['site1.example'] : [],
    excludeHosts: [],
    onlyHosts: [],
  });
  const size = 20 + Math.floor(random() * 300);
  const urls = Array.from({ length: size }, (_, index) => `https://${pick(HOSTS)}/page${index}`);
  const providers = ['a', 'b', 'c'];
  for (let round = 0; round < 30; round += 1) {
    if (random() < 0.8) {
      const results = Array.from({ length: 1 + Math.floor(random() * 40) }, () => {
        const url = pick(urls);
        const dated = random() < 0.3;
        return {
          url,
          // Titles repeat, so many entries weigh the same and ties are decided by position.
          title: random() < 0.7 ? 'A page' : words(2),
          snippet: random() < 0.7 ? '' : words(4),
          provider: pick(providers),
          ...(dated
            ? { publishedAt: `2026-11-${String(1 + Math.floor(random() * 30)).padStart(2, '0')}T00:00:00Z` }
            : {}),
        };
      });
      pool.add(results, `query ${Math.floor(random() * 6)}`);
    } else for (let read = 0; read < 4; read += 1) pool.markRead(pick(urls));
  }
  const needs = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) => ({
    id: `q${index}`,
    text: random() < 0.3 ? 'something else entirely' : words(3),
    ...(random() < 0.3 ? { intent: 'fact-check', hosts: new Set([pick(HOSTS)]) } : {}),
  }));
  const signals: RerankSignals = {
    needs,
    question: random() < 0.4 ? 'What does python say about the tower?' : 'How was it built?',
    citedHosts: new Set(random() < 0.5 ? [pick(HOSTS), pick(HOSTS)] : []),
    ...(random() < 0.3 ? { timeRange: pick(['week', 'month', 'year'] as const) } : {}),
    intent: pick(INTENTS),
    now: new Date('2026-12-01T00:00:00Z'),
  };
  return { pool, signals, limit: pick([1, 3, 15, 15, 40, Number.POSITIVE_INFINITY]) };
}

describe('rerankCandidates of the pool (rankPool)', () => {
  it('picks what weighing every candidate picks, with the same scores and reasons, on random pools and signals', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const { pool, signals, limit } = randomCase(seed);
      const cut = rerankCandidates(pool.unreadCandidates(), signals, limit);
      const full = rerankCandidates(pool.ranked(), signals, limit);
      expect(cut, `seed ${seed}`).toEqual(full);
      expect(cut.length).toBe(Math.min(limit, pool.unread));
    }
  });

  it('sees an entry a search changed after a ranking at the next one', () => {
    const pool = createUrlPool({ boostHosts: [], excludeHosts: [], onlyHosts: [] });
    const plain = (index: number) => ({
      url: `https://site${index}.example/`,
      title: 'A page',
      snippet: '',
      provider: 'a',
    });
    pool.add(
      Array.from({ length: 200 }, (_, index) => plain(index)),
      'first',
    );
    const signals: RerankSignals = {
      needs: [{ id: 'q1', text: 'iron tower height' }],
      question: 'How tall?',
      citedHosts: new Set(),
    };
    const before = rerankCandidates(pool.unreadCandidates(), signals, 5);
    expect(before.map(({ entry }) => entry.url)).not.toContain('https://site150.example/');
    // The last entry of the pool comes again from another provider and query, now with a snippet
    // and a date: its relevance, agreement and recency all change, and the next ranking sees them.
    pool.add(
      [
        {
          ...plain(150),
          snippet: 'The iron tower height is 330 metres.',
          provider: 'b',
          publishedAt: '2026-11-30T00:00:00Z',
        },
      ],
      'second',
    );
    const after = rerankCandidates(
      pool.unreadCandidates(),
      { ...signals, timeRange: 'week', now: new Date('2026-12-01T00:00:00Z') },
      5,
    );
    expect(after[0]?.entry.url).toBe('https://site150.example/');
    expect(after[0]?.reasons).toEqual(
      expect.arrayContaining(['matches q1', '2 providers', '2 queries', 'within the last week']),
    );
    expect(after).toEqual(
      rerankCandidates(
        pool.ranked(),
        { ...signals, timeRange: 'week', now: new Date('2026-12-01T00:00:00Z') },
        5,
      ),
    );
  });

  it('picks a candidate deep in the pool that a cited host, a named site, its date or the intent lifts', () => {
    // 200 pages of one query and provider on hosts of their own: each is worth its place alone, and
    // the 15th pick is worth placeWorth(14). The 101st would be picked only for what lifts it.
    const lifted = (url: string, signals: Partial<RerankSignals>, publishedAt?: string) => {
      const pool = createUrlPool({ boostHosts: [], excludeHosts: [], onlyHosts: [] });
      const results = Array.from({ length: 200 }, (_, index) => ({
        url: index === 100 ? url : `https://plain${index}.example/`,
        title: 'A page',
        snippet: '',
        provider: 'a',
        ...(index === 100 && publishedAt ? { publishedAt } : {}),
      }));
      pool.add(results, 'only');
      const all: RerankSignals = {
        needs: [{ id: 'q1', text: 'something else' }],
        question: 'How was it built?',
        citedHosts: new Set(),
        now: new Date('2026-12-01T00:00:00Z'),
        ...signals,
      };
      const cut = rerankCandidates(pool.unreadCandidates(), all, 15);
      expect(cut).toEqual(rerankCandidates(pool.ranked(), all, 15));
      return cut.map(({ entry }) => entry.url);
    };
    const deep = 'https://deep.example/page';
    expect(lifted(deep, {})).not.toContain(deep);
    expect(lifted(deep, { citedHosts: new Set(['deep.example']) })).toContain(deep);
    expect(lifted('https://tower.example/', { question: 'How tall is the tower?' })).toContain(
      'https://tower.example/',
    );
    expect(lifted(deep, { timeRange: 'month' }, '2026-11-30T00:00:00Z')).toContain(deep);
    expect(
      lifted('https://docs.python.org/3/', {
        intent: { intent: 'site', site: 'python.org', from: 'question', reason: '' },
      }),
    ).toContain('https://docs.python.org/3/');
  });
});
