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
});
