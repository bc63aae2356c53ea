import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SourceEntry } from '../state/index.js';
import { SourcesPanel } from './sources-panel.js';

const entry = (url: string, title: string): SourceEntry => ({
  url,
  title,
  host: '',
  found: true,
  read: 'ok',
  cited: false,
  quotes: [],
  findings: [],
  firstStep: 1,
});

describe('SourcesPanel', () => {
  it('lists each page once, under the furthest it got: cited, else read, else found', () => {
    const html = renderToStaticMarkup(
      <SourcesPanel
        sources={{
          entries: [
            { ...entry('https://example.org/cited', 'Cited page'), cited: true },
            entry('https://example.org/read', 'Read page'),
            { ...entry('https://example.org/failed', 'Failed page'), read: 'failed' },
            { ...entry('https://example.org/found', 'Found page'), read: 'no' },
          ],
          pendingReads: {},
        }}
      />,
    );
    const { document } = parseHTML(`<div>${html}</div>`);
    const lists = [...document.querySelectorAll('section')].map((section) => ({
      title: section.querySelector('h3')?.textContent,
      pages: [...section.querySelectorAll('li a')].map((link) => link.textContent),
    }));
    expect(lists).toEqual([
      { title: 'Cited 1', pages: ['Cited page'] },
      { title: 'Read 2', pages: ['Read page', 'Failed page'] },
      { title: 'Found 1', pages: ['Found page'] },
    ]);
  });

  it('links web pages only: an MCP result and a corpus file are shown without a link', () => {
    const html = renderToStaticMarkup(
      <SourcesPanel
        sources={{
          entries: [
            entry('https://example.org/a', 'A page'),
            entry('mcp://wiki/search?query=tower', 'Wiki result'),
            entry('corpus://repo/src/a.ts?lines=1-4', 'src/a.ts:1-4'),
          ],
          pendingReads: {},
        }}
      />,
    );
    const { document } = parseHTML(`<div>${html}</div>`);
    const hrefs = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('https://example.org/a');
    expect(hrefs.some((href) => href?.startsWith('mcp:') || href?.startsWith('corpus:'))).toBe(false);
    expect(html).toContain('Wiki result');
    expect(html).toContain('src/a.ts:1-4');
  });

  it('shows the credibility of each cited page, with the signals behind it', () => {
    const cited: SourceEntry = {
      ...entry('https://sleeplab.example.edu/papers/caffeine', 'Effects of caffeine on sleep'),
      cited: true,
      quotes: [
        {
          url: 'https://sleeplab.example.edu/papers/caffeine',
          title: 'Effects of caffeine on sleep',
          quote: 'Evening caffeine shortened total sleep time.',
          verified: true,
          credibility: {
            score: 0.95,
            kind: 'academic',
            reasons: ['university address (.edu)', 'cites a DOI'],
          },
        },
      ],
    };
    const farm: SourceEntry = {
      ...entry('https://best-tips.example/top-10', 'Top 10 tips'),
      cited: true,
      quotes: [
        {
          url: 'https://best-tips.example/top-10',
          title: 'Top 10 tips',
          quote: 'Caffeine is fine.',
          verified: true,
          credibility: { score: 0.1, kind: 'content-farm', reasons: ['listicle title'] },
        },
      ],
    };
    const html = renderToStaticMarkup(
      <SourcesPanel
        sources={{ entries: [cited, farm, entry('https://x.example/', 'Not cited')], pendingReads: {} }}
      />,
    );
    const { document } = parseHTML(`<div>${html}</div>`);
    // The "Cited" list comes first; its entries show the tag wherever they are listed.
    const citedList = document.querySelector('section');
    const tags = [...(citedList?.querySelectorAll('[class*="credibility-"]') ?? [])];
    expect(tags.map((tag) => tag.textContent)).toEqual([
      'credibility 0.95 · academic',
      'credibility 0.10 · content-farm',
    ]);
    expect(tags[0]?.getAttribute('class')).toContain('credibility-high');
    expect(tags[0]?.getAttribute('title')).toBe('university address (.edu), cites a DOI');
    expect(tags[1]?.getAttribute('class')).toContain('credibility-low');
  });

  it('shows the screenshot of a page read with the browser beside it, linked to the full image', () => {
    const shot = { ...entry('https://app.example/docs', 'App docs'), sourceNumber: 2, screenshot: true };
    const plain = { ...entry('https://plain.example/', 'Plain page'), sourceNumber: 1 };
    const html = renderToStaticMarkup(
      <SourcesPanel
        sources={{ entries: [plain, shot], pendingReads: {} }}
        screenshotUrl={(n) => `/api/runs/run-1/sources/${n}/screenshot?access_token=t`}
      />,
    );
    const { document } = parseHTML(`<div>${html}</div>`);
    const images = [...document.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/runs/run-1/sources/2/screenshot?access_token=t',
    ]);
    expect(images[0]?.getAttribute('alt')).toBe('Screenshot of App docs as read');
    expect(images[0]?.closest('li')?.textContent).toContain('App docs');
    expect(images[0]?.closest('a')?.getAttribute('href')).toBe(images[0]?.getAttribute('src'));
    // Without the server's address for screenshots (no run page), none is shown.
    const bare = renderToStaticMarkup(<SourcesPanel sources={{ entries: [shot], pendingReads: {} }} />);
    expect(bare).not.toContain('<img');
  });
});
