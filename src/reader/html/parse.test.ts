import { describe, expect, it } from 'vitest';
import { contentRootOf, parseDocument } from './parse.js';
import { htmlOf } from './tree/index.js';

/** The text of the body's blocks, one per paragraph, in document order. */
const bodyText = (html: string) =>
  contentRootOf(parseDocument(html))
    .querySelectorAll('p, div')
    .map((block) => block.textContent?.trim())
    .filter(Boolean)
    .join(' ');

describe('parseDocument', () => {
  it('puts content written in <head> of a page without a <body> tag into the body', () => {
    const document = parseDocument(
      '<html><head><title>T</title><meta charset="utf-8"><p>Content that opens the body.</p>',
    );
    expect(bodyText('<html><head><title>T</title><p>Content that opens the body.</p>')).toBe(
      'Content that opens the body.',
    );
    expect(document.querySelector('head')?.textContent).toBe('T');
  });

  it('moves content between </head> and <body>, after </body> and after </html> into the body', () => {
    expect(
      bodyText(
        '<html><head><title>T</title></head><div>Before.</div><body><p>Inside.</p></body><p>After body.</p></html><p>After html.</p>',
      ),
    ).toBe('Before. Inside. After body. After html.');
  });

  it('merges a second <body> and a nested <html> into one body, keeping their attributes', () => {
    const document = parseDocument(
      '<html><html lang="en"><head><title>T</title></head><body class="a"><p>One.</p></body><body id="b"><p>Two.</p></body></html></html>',
    );
    expect(document.querySelectorAll('body')).toHaveLength(1);
    expect(document.querySelectorAll('html')).toHaveLength(1);
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(document.querySelector('body')?.getAttribute('id')).toBe('b');
    expect(bodyText(htmlOf(document.documentElement))).toBe('One. Two.');
  });

  it('reads a stray <![CDATA[ in the body as a comment, as a browser does, and keeps what follows', () => {
    const text = bodyText(
      '<html><body><![CDATA[ <div></div> <p>Hello.</p> <script>//<![CDATA[\nvar a = 1; //]]></script><!-- <![CDATA[ --><p>End.</p></body></html>',
    );
    expect(text).toContain('Hello.');
    expect(text).toContain('End.');
  });

  it('reads a stray <![CDATA[ after scripts holding one as a comment, and keeps what follows', () => {
    const text = bodyText(
      '<html><body><script>//<![CDATA[\n//]]></script><p>One.</p><![CDATA[ x> <p>Two.</p><style>/*<![CDATA[*/</style><![cdata[ y> <p>Three.</p></body></html>',
    );
    expect(text).toBe('One. Two. Three.');
  });

  it('always has an <html> element and a body, even for empty input or a fragment', () => {
    for (const html of ['', '<p>fragment</p>', '\uFEFF<div>bom</div>']) {
      const document = parseDocument(html);
      expect(document.documentElement.tagName.toLowerCase()).toBe('html');
      expect(document.querySelector('body')).not.toBeNull();
    }
  });
});
