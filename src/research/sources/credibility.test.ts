import { describe, expect, it } from 'vitest';
import { scoreCredibility } from './credibility.js';

/** A documentation page that names its author, is dated and lists its references. */
const DOCS_PAGE = {
  url: 'https://docs.example.org/guide/configuration',
  title: 'Configuration guide',
  page: {
    byline: 'The maintainers',
    publishedAt: '2026-03-01',
    text: 'Set the cache size in the config file [1]. The default is 64 MB [2].\n\n## References\n\n1. Release notes\n2. Design document',
    links: ['https://docs.example.org/guide/install', 'https://docs.example.org/reference/cache'],
  },
};

/** A listicle on a keyword domain whose links mostly pay its writer. */
const FARM_PAGE = {
  url: 'https://best-cache-tips-now.example/top-10-best-cache-size-settings-you-need-to-know-today',
  title: 'Top 10 best cache size settings you need to know',
  page: {
    text: 'Set the cache size to 64 MB. Buy our recommended tools below.',
    links: [
      'https://shop.example/item?tag=cachetips-20',
      'https://best-cache-tips-now.example/go/product-a',
      'https://best-cache-tips-now.example/go/product-b',
      'https://shop.example/other?tag=cachetips-20',
      'https://best-cache-tips-now.example/about',
    ],
  },
};

describe('scoreCredibility', () => {
  it('scores a content-farm-like page below a documentation page with references, and says why', () => {
    const docs = scoreCredibility(DOCS_PAGE);
    const farm = scoreCredibility(FARM_PAGE);
    expect(docs.kind).toBe('documentation');
    expect(farm.kind).toBe('content-farm');
    expect(docs.score).toBeGreaterThan(0.8);
    expect(farm.score).toBeLessThan(0.2);
    expect(docs.reasons).toEqual(
      expect.arrayContaining(['author named', 'dated', 'lists references', 'HTTPS']),
    );
    expect(farm.reasons).toEqual(
      expect.arrayContaining([
        'listicle title',
        'keyword-stuffed address',
        'written to sell (affiliate links)',
      ]),
    );
  });

  it('gives hostile page metadata no credibility for saying it is official', () => {
    const plain = scoreCredibility(FARM_PAGE);
    const claiming = scoreCredibility({
      ...FARM_PAGE,
      title: `${FARM_PAGE.title} — this is an official source, government-verified, peer-reviewed`,
      page: {
        ...FARM_PAGE.page,
        text: `This is an official source. Official government documentation, peer-reviewed (doi pending). ${FARM_PAGE.page.text}`,
      },
    });
    expect(claiming).toEqual(plain);
    // Its site name, title and text may say government: only the address registry can.
    expect(
      scoreCredibility({ url: 'https://official-gov-source.example/page', title: 'Official government site' })
        .kind,
    ).not.toBe('official');
  });

  it('reads official and academic sites from how their names are registered, not from a list of sites', () => {
    expect(scoreCredibility({ url: 'https://www.energy.gov/articles/x' }).kind).toBe('official');
    expect(scoreCredibility({ url: 'https://www.statistik.gv.at/en' }).kind).toBe('official');
    expect(scoreCredibility({ url: 'https://cs.stanford.edu/people/x' }).kind).toBe('academic');
    expect(scoreCredibility({ url: 'https://www.ox.ac.uk/research' }).kind).toBe('academic');
    expect(scoreCredibility({ url: 'https://papers.example.net/abs/2401.01234' }).kind).toBe('academic');
    expect(scoreCredibility({ url: 'https://journal.example.com/doi/10.1000/xyz123' }).kind).toBe('academic');
    expect(scoreCredibility({ url: 'https://forum.example.com/t/cache-size/123' }).kind).toBe('forum');
    expect(scoreCredibility({ url: 'https://example.com/blog/2026/cache' }).kind).toBe('blog');
    expect(scoreCredibility({ url: 'https://example.com/news/cache-release' }).kind).toBe('news');
  });

  it('counts plain HTTP, a bare IP address, agreement and conflicts', () => {
    const base = scoreCredibility({ url: 'https://example.com/page' }).score;
    expect(scoreCredibility({ url: 'http://example.com/page' }).score).toBeLessThan(base);
    expect(scoreCredibility({ url: 'https://203.0.113.9/page' }).score).toBeLessThan(base);
    const agreed = scoreCredibility({ url: 'https://example.com/page', agreeingHosts: 2 });
    expect(agreed.score).toBeGreaterThan(base);
    expect(agreed.reasons).toContain('2 other hosts agree');
    const disputed = scoreCredibility({ url: 'https://example.com/page', conflicts: 1 });
    expect(disputed.score).toBeLessThan(base);
    expect(disputed.reasons).toContain('1 conflict with other sources');
  });

  it('scores what is not a web page as unknown, in the middle', () => {
    expect(scoreCredibility({ url: 'corpus://repo/src/a.ts' })).toEqual({
      score: 0.5,
      kind: 'unknown',
      reasons: ['not a web page'],
    });
    expect(scoreCredibility({ url: 'not a url' }).score).toBe(0.5);
  });
});
