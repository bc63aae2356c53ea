import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import type { SearchResult } from './types.js';

const hit = (url: string, provider: string, snippet = `about ${url}`): SearchResult => ({
  title: url,
  url,
  snippet,
  provider,
});

describe('reciprocalRankFusion', () => {
  it('ranks results found by several providers above single-provider top hits', () => {
    const brave = [hit('https://a.com', 'brave'), hit('https://shared.com', 'brave')];
    const wikipedia = [hit('https://b.org', 'wikipedia'), hit('https://www.shared.com/', 'wikipedia')];
    const fused = reciprocalRankFusion([brave, wikipedia]);
    // shared: 1/62 + 1/62 beats a: 1/61 and b: 1/61.
    expect(fused.map((result) => result.url)).toEqual([
      'https://shared.com',
      'https://a.com',
      'https://b.org',
    ]);
    expect(fused[0]?.provider).toBe('brave');
    // Who agreed, for the engine's reranking.
    expect(fused[0]?.providers).toEqual(['brave', 'wikipedia']);
    expect(fused[1]?.providers).toEqual(['brave']);
  });

  it('uses k to score: with k=0 a single top hit beats two second places', () => {
    const first = [hit('https://top.com', 'x'), hit('https://both.com', 'x')];
    const second = [hit('https://other.com', 'y'), hit('https://both.com', 'y')];
    // k=0: top = 1, both = 1/2 + 1/2 = 1 → tie, first seen wins; k=60 lifts "both" to first.
    expect(reciprocalRankFusion([first, second], { k: 0 })[0]?.url).toBe('https://top.com');
    expect(reciprocalRankFusion([first, second])[0]?.url).toBe('https://both.com');
  });

  it('counts a URL once per list and fills a missing snippet and date from duplicates', () => {
    const first = [hit('https://a.com/x', 'p', ''), hit('https://a.com/x#frag', 'p')];
    const second = [
      { ...hit('https://a.com/x/', 'q', 'real snippet'), publishedAt: '2024-01-01T00:00:00.000Z' },
    ];
    const fused = reciprocalRankFusion([first, second]);
    expect(fused).toHaveLength(1);
    expect(fused[0]).toMatchObject({
      url: 'https://a.com/x',
      snippet: 'real snippet',
      publishedAt: '2024-01-01T00:00:00.000Z',
      provider: 'p',
    });
  });
});
