import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';
import { renderMarkdown, renderText } from './markdown.js';
import { contentRootOf, parseDocument } from './parse.js';
import { WORD_BOUNDARIES } from './word-boundaries.js';

const filler =
  '<p>This paragraph gives the article enough prose to be chosen as the main content, with commas, clauses, and detail.</p>';

function rendered(
  body: string,
  wordBoundaries: typeof WORD_BOUNDARIES | false = WORD_BOUNDARIES,
): { text: string; markdown: string } {
  const root = contentRootOf(parseDocument(`<html><body>${body}</body></html>`));
  return {
    text: renderText([root], { wordBoundaries }),
    markdown: renderMarkdown([root], { baseUrl: 'https://example.com/', wordBoundaries }),
  };
}

describe('boxGapBefore', () => {
  it('writes sibling boxes with nothing between them apart', () => {
    expect(rendered('<p><a href="/t/1">FPS</a><a href="/t/2">Shooter</a></p>').text).toBe('FPS Shooter');
    expect(rendered('<p><span>26 Sep 2024</span><span>1 yr</span> ago</p>').text).toBe(
      '26 Sep 2024 1 yr ago',
    );
    expect(rendered('<p><span>Price</span><!-- sep --><span>5 EUR</span></p>').text).toBe('Price 5 EUR');
    // The next box starts a word of its own with a capital or a digit, not with a lower-case letter.
    const nutrition =
      '<span><span>Carbs: </span><span>31</span><span>g</span></span><span><span>Protein: </span><span>5</span><span>g</span></span>';
    expect(rendered(`<p>${nutrition}</p>`).text).toBe('Carbs: 31g Protein: 5g');
    // Switched off, the words run together as before.
    expect(rendered('<p><a href="/t/1">FPS</a><a href="/t/2">Shooter</a></p>', false).text).toBe(
      'FPSShooter',
    );
  });

  it('keeps a word that formatting or text joins in one piece', () => {
    expect(
      rendered('<p><b>T</b>he <span>c</span>at wi<em>th</em> <strong>bo</strong><em>ld</em></p>').text,
    ).toBe('The cat with bold');
    expect(rendered('<p>12<sup>th</sup> of <span>May</span>, <span>20</span>24</p>').text).toBe(
      '12th of May, 2024',
    );
    expect(rendered('<p><span>Co</span><span>rnell</span> said <span>so</span><span>.</span></p>').text).toBe(
      'Cornell said so.',
    );
    // A highlighter's spans inside inline code are one text.
    expect(
      rendered('<p>Call <code><span>run</span><span>(</span><span>x</span><span>)</span></code>.</p>').text,
    ).toBe('Call run(x).');
  });

  it('writes markdown links and emphasis without stray spaces', () => {
    const { markdown } = rendered(
      '<p><a href="/a">One</a><a href="/b">Two</a> and <strong>bold</strong><em>it</em> <code><span>a</span><span>b</span></code></p>',
    );
    expect(markdown).toBe('[One](https://example.com/a) [Two](https://example.com/b) and **bold***it* `ab`');
  });

  it('reaches the page through the wordBoundaries switch', () => {
    const html = `<html><head><title>T</title></head><body><article>${filler}<p><a href="/t/1">Strategy</a><a href="/t/2">Roguelike</a></p>${filler}</article></body></html>`;
    const url = 'https://example.com/game';
    expect(extractHtmlWithDetails(html, { url }).page.text).toContain('Strategy Roguelike');
    expect(extractHtmlWithDetails(html, { url, wordBoundaries: false }).page.text).toContain(
      'StrategyRoguelike',
    );
  });

  it('stays linear on thousands of siblings and comments', () => {
    const siblings = '<span>W</span><!--c-->'.repeat(20_000);
    const { text } = rendered(`<p>${siblings}</p>`);
    expect(text.split(' ').length).toBe(20_000);
    const nested = `${'<span><span>A</span>'.repeat(5_000)}${'</span>'.repeat(5_000)}`;
    expect(rendered(`<p>${nested}</p>`).text.replace(/ /g, '')).toBe('A'.repeat(5_000));
  });
});
