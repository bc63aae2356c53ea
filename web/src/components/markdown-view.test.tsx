import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Reference } from '../../../src/contract/index.js';
import { renderMarkdownHtml } from '../../../src/markdown/index.js';
import { MarkdownView } from './markdown-view.js';

const references: Reference[] = [
  { url: 'https://example.org/a', title: 'A', quote: 'It was built in 1889.', verified: true },
  { url: 'https://example.org/b', title: 'B', quote: 'Painted every seven years.', verified: false },
];

const SAMPLE = [
  '# Report',
  '',
  'Built in 1889 [1][2], painted [1, 2], *often*, **well**, ~~never~~ and `code`.',
  'See [the page](https://example.org/a) or https://example.org/c.',
  '',
  '| Year | Event |',
  '|------|------:|',
  '| 1889 | opened [1] |',
  '',
  '- iron',
  '  - wrought',
  '    1. puddled',
  '- paint',
  '',
  '3. three',
  '4. four',
  '',
  '```ts',
  'const a = 1;',
  '```',
  '',
  '    indented',
  '',
  '> quoted',
  '',
  '---',
  '',
  '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [d](data:text/html,x)',
].join('\n');

type Shape = string | { tag: string; attributes: Record<string, string>; children: Shape[] };

/**
 * The document structure a browser would build, with the UI's own wrappers and styling taken out:
 * the table's scroll box, the answer's heading offset, the citation's tooltip and the code's language.
 */
function shape(html: string, headingOffset: number): Shape[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const walk = (node: Node): Shape[] => {
    if (node.nodeType === 3) return node.textContent?.trim() ? [node.textContent.trim()] : [];
    if (node.nodeType !== 1) return [];
    const element = node as Element;
    const children = () => [...element.childNodes].flatMap(walk);
    if (element.matches('.markdown, .table-wrap')) return children();
    if (element.matches('.citation')) return [`citation ${element.textContent?.match(/\[\d+\]/)?.[0]}`];
    let tag = element.tagName.toLowerCase();
    if (/^h\d$/.test(tag)) tag = `h${Number(tag[1]) - headingOffset}`;
    const attributes: Record<string, string> = {};
    for (const name of ['href', 'start']) {
      const value = element.getAttribute(name);
      if (value !== null) attributes[name] = value;
    }
    const align = element.getAttribute('style')?.match(/text-align:\s*(\w+)/)?.[1];
    if (align) attributes.align = align;
    return [{ tag, attributes, children: children() }];
  };
  return [...document.body.childNodes].flatMap(walk);
}

describe('MarkdownView', () => {
  it('builds the same document as the HTML export from the same markdown', () => {
    const ui = renderToStaticMarkup(<MarkdownView markdown={SAMPLE} references={references} />);
    const exported = renderMarkdownHtml(SAMPLE, { citationHref: (number) => `#reference-${number}` });
    const uiShape = shape(ui, 2);
    expect(uiShape).toEqual(shape(exported, 0));
    // The comparison covers what matters: a table, nested lists, code, links and citations.
    const json = JSON.stringify(uiShape);
    for (const part of [
      '"table"',
      '"ol"',
      '"pre"',
      '"blockquote"',
      '"hr"',
      'citation [2]',
      'https://example.org/c',
    ])
      expect(json).toContain(part);
  });

  it('renders model markup as text and unsafe links as their source, with citations as tooltips', () => {
    const { document } = parseHTML(
      `<!doctype html><html><body>${renderToStaticMarkup(<MarkdownView markdown={SAMPLE} references={references} />)}</body></html>`,
    );
    expect(document.querySelectorAll('script, img, [onerror], [src]').length).toBe(0);
    for (const link of document.querySelectorAll('a[href]'))
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(document.body.textContent).toContain('<script>alert(1)</script>');
    expect(document.body.textContent).toContain('[x](javascript:alert(1))');
    const citation = document.querySelector('.citation-link');
    expect(citation?.getAttribute('href')).toBe('https://example.org/a');
    expect(document.querySelector('.citation-tooltip')?.textContent).toContain('It was built in 1889.');
  });
});
