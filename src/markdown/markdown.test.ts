import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { isLiveHref, type MarkdownNode, markdownTree, renderMarkdownHtml } from './index.js';

/** The rendered HTML as a document, to ask it what a browser would build. */
function dom(html: string) {
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
}

const types = (nodes: MarkdownNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? { [node.type]: types(node.children) } : node.type));

const HOSTILE = [
  '<script>alert(1)</script>',
  '',
  '<img src=x onerror=alert(1)> <b onclick="alert(1)">bold</b> <iframe src="https://evil.example"></iframe>',
  '',
  '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](  javascript:alert(1)) [d](data:text/html;base64,PHNjcmlwdD4=)',
  '[v](vbscript:msgbox) [f](file:///etc/passwd) [r](/relative) <javascript:alert(1)> <data:text/html,x>',
  '![pic](https://evil.example/track.png) ![pic2](javascript:alert(1))',
  '',
  '[ref]: javascript:alert(1)',
  '',
  'A [ref] link.',
].join('\n');

describe('renderMarkdownHtml', () => {
  it('renders GFM tables with alignment, nested lists, fenced and indented code, quotes and headings', () => {
    const html = renderMarkdownHtml(
      [
        '## Findings',
        '',
        '| Tower | Height |',
        '|:------|-------:|',
        '| Eiffel | **330 m** |',
        '',
        '- iron',
        '  - wrought',
        '    1. puddled',
        '- paint',
        '',
        '```ts',
        'const a = "<b>";',
        '```',
        '',
        '    indented <code>',
        '',
        '> quoted *text* and ~~struck~~',
      ].join('\n'),
    );
    const document = dom(html);
    expect(document.querySelector('h2')?.textContent).toBe('Findings');
    expect([...document.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Tower', 'Height']);
    expect(document.querySelector('td:last-child')?.getAttribute('style')).toBe('text-align:right');
    expect(document.querySelector('td strong')?.textContent).toBe('330 m');
    expect(document.querySelector('ul > li > ul > li > ol > li')?.textContent).toBe('puddled');
    expect(document.querySelector('ul')?.children.length).toBe(2);
    expect(document.querySelector('pre code.language-ts')?.textContent).toBe('const a = "<b>";\n');
    expect(document.querySelectorAll('pre')[1]?.textContent).toBe('indented <code>\n');
    expect(document.querySelector('blockquote em')?.textContent).toBe('text');
    expect(document.querySelector('blockquote s')?.textContent).toBe('struck');
  });

  it('makes only http(s) and mailto links live, bare URLs and <autolinks> included', () => {
    const document = dom(
      renderMarkdownHtml(
        '[site](https://example.org/a "A") <http://example.org/b> https://example.org/c. ' +
          '[mail](mailto:ada@example.org) ada@example.org',
      ),
    );
    const links = [...document.querySelectorAll('a')].map((link) => [
      link.getAttribute('href'),
      link.textContent,
    ]);
    expect(links).toEqual([
      ['https://example.org/a', 'site'],
      ['http://example.org/b', 'http://example.org/b'],
      ['https://example.org/c', 'https://example.org/c'],
      ['mailto:ada@example.org', 'mail'],
      ['mailto:ada@example.org', 'ada@example.org'],
    ]);
    expect(document.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.querySelector('a')?.getAttribute('title')).toBe('A');
  });

  it('renders script, event handlers, javascript:/data: links and images inert, as visible text', () => {
    const html = renderMarkdownHtml(HOSTILE);
    const document = dom(html);
    expect(document.querySelectorAll('script, img, iframe, b, [onerror], [onclick]').length).toBe(0);
    expect(document.querySelectorAll('[src]').length).toBe(0);
    const hrefs = [...document.querySelectorAll('[href]')].map((element) => element.getAttribute('href'));
    // Live links are https addresses written in the text: the iframe's (linked inside its visible
    // source) and the image's, shown as a link, never fetched as an image.
    expect(hrefs).toEqual(['https://evil.example', 'https://evil.example/track.png']);
    const text = document.body.textContent ?? '';
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(text).toContain('[x](javascript:alert(1))');
    expect(text).toContain('[d](data:text/html;base64,PHNjcmlwdD4=)');
    expect(text).toContain('<javascript:alert(1)>');
    expect(text).toContain('A [ref] link.');
    expect(html).not.toMatch(/<(script|img|iframe)\b/i);
  });

  it('links citation markers [n], [n][m], [n, m] and [^n] to their references, others stay text', () => {
    const html = renderMarkdownHtml(
      'Tall [1][2], new [^2], both [1, 2], unknown [9], labelled [1](https://x.org).',
      {
        citationHref: (number) => (number <= 2 ? `#reference-${number}` : undefined),
      },
    );
    const document = dom(html);
    const citations = [...document.querySelectorAll('a.citation')].map((link) => link.getAttribute('href'));
    expect(citations).toEqual([
      '#reference-1',
      '#reference-2',
      '#reference-2',
      '#reference-1',
      '#reference-2',
    ]);
    expect(document.body.textContent).toContain('unknown [9]');
    expect(document.querySelector('a:not(.citation)')?.getAttribute('href')).toBe('https://x.org');
    // Without a place to link to, markers are plain text.
    expect(renderMarkdownHtml('Tall [1].')).toBe('<p>Tall [1].</p>\n');
  });

  it('keeps a citation inside a link label as text, so links never nest', () => {
    const document = dom(renderMarkdownHtml('[see [1]](https://x.org)', { citationHref: () => '#r' }));
    expect(document.querySelectorAll('a').length).toBe(1);
    expect(document.querySelector('a')?.textContent).toBe('see [1]');
  });
});

describe('markdownTree', () => {
  it('nests the parser tokens: lists hold items, items hold nested lists, citations carry numbers', () => {
    const tree = markdownTree('- one [2]\n  - two');
    expect(types(tree)).toEqual([
      {
        bullet_list: [
          {
            list_item: [
              { paragraph: [{ inline: ['text', 'citation'] }] },
              { bullet_list: [{ list_item: [{ paragraph: [{ inline: ['text'] }] }] }] },
            ],
          },
        ],
      },
    ]);
    const inline = tree[0]?.children[0]?.children[0]?.children[0];
    expect(inline?.children[1]?.token.meta).toEqual({ number: 2 });
  });

  it('leaves raw HTML and unsafe links as text tokens', () => {
    const [paragraph] = markdownTree('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    const inline = paragraph?.children[0];
    expect(inline?.children.map((node) => node.type)).toEqual(['text']);
    expect(inline?.children[0]?.token.content).toBe('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
  });
});

describe('deeply nested spans', () => {
  /** Depth of the deepest node under `nodes`, walked without recursion. */
  function depthOf(nodes: MarkdownNode[]): number {
    let deepest = 0;
    const stack = nodes.map((node) => ({ node, depth: 1 }));
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!;
      deepest = Math.max(deepest, depth);
      for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
    }
    return deepest;
  }
  const textOf = (nodes: MarkdownNode[]): string =>
    nodes.map((node) => (node.type === 'text' ? node.token.content : textOf(node.children))).join('');

  it('keeps at most 16 levels of 20,000 `*` on each side, the rest as the stars written', () => {
    const answer = `${'*'.repeat(20_000)}deep${'*'.repeat(20_000)}`;
    const tree = markdownTree(answer);
    // paragraph > inline > 16 spans > text
    expect(depthOf(tree)).toBeLessThanOrEqual(2 + 16 + 1);
    expect(textOf(tree)).toContain('deep');
    const html = renderMarkdownHtml(answer);
    expect(html.match(/<(em|strong)>/g)).toHaveLength(16);
    expect(dom(html).body.textContent).toContain('*deep*');
  });

  it('leaves ordinary nesting as it was: a link in bold in italics, a strikethrough in bold', () => {
    const html = renderMarkdownHtml('*in **bold [a link](https://a.org) and ~~gone~~** end*');
    expect(html).toBe(
      '<p><em>in <strong>bold <a href="https://a.org" rel="noopener noreferrer">a link</a> and <s>gone</s></strong> end</em></p>\n',
    );
  });
});

describe('isLiveHref', () => {
  it('accepts http, https and mailto only', () => {
    expect(['https://a.org', 'HTTP://a.org', 'mailto:a@b.org'].every(isLiveHref)).toBe(true);
    expect(
      ['javascript:alert(1)', ' https://a.org', 'data:text/html,x', '//a.org', '/a', 'ftp://a.org'].some(
        isLiveHref,
      ),
    ).toBe(false);
  });
});
