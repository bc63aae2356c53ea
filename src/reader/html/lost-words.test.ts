import { describe, expect, it } from 'vitest';
import { extractHtml, findLostWords } from './index.js';
import { lostRuns, snapshotRuns } from './lost-words.js';
import { parseHtml } from './tree/index.js';

const prose = (topic: string) =>
  `<p>This paragraph about ${topic} gives the article enough prose to be chosen as the main content, with commas, clauses, and detail enough for any scorer.</p>`;

function page(body: string): string {
  return `<html><head><title>T</title></head><body><article>${prose('one')}${body}${prose('two')}</article></body></html>`;
}

const url = 'https://en.wikipedia.org/wiki/Example';

describe('no lost words', () => {
  it('keeps a linked subject set in bold', () => {
    const html = page(
      '<p><strong><a href="https://golem.de/">Golem</a></strong> is a global community of makers, writers and readers who share what they build.</p>',
    );
    const extracted = extractHtml(html, { url });
    expect(extracted.text).toContain('Golem is a global community');
    expect(extracted.markdown).toContain('**[Golem](https://golem.de/)** is a global community');
    expect(findLostWords(html, { url })).toEqual([]);
  });

  it("keeps the link of Wikipedia's sister-project box", () => {
    const html = page(
      '<div class="side-box metadata side-box-right"><div class="side-box-text plainlist">Wikimedia Commons has media related to <span style="font-weight:bold; font-style:italic;"><a href="https://commons.wikimedia.org/wiki/Category:Open-source_software" class="extiw">Open-source software</a></span>.</div></div>',
    );
    const { text } = extractHtml(html, { url });
    if (text.includes('Wikimedia Commons'))
      expect(text).toContain('Wikimedia Commons has media related to Open-source software.');
    expect(findLostWords(html, { url })).toEqual([]);
  });

  it('drops a labelled line of links whole, not its label alone', () => {
    const html = page('<p><strong>Tags:</strong> <a href="/t/a">gardening</a>, <a href="/t/b">tools</a></p>');
    const { text } = extractHtml(html, { url });
    expect(text).not.toContain('Tags');
    expect(text).not.toMatch(/^\s*,\s*$/m);
    expect(findLostWords(html, { url })).toEqual([]);
  });

  it('keeps text set straight inside a list', () => {
    const html = page('<ul> (Really my eventual goal is to <i>create</i> video.) </ul>');
    expect(extractHtml(html, { url }).text).toContain('(Really my eventual goal is to create video.)');
    expect(findLostWords(html, { url })).toEqual([]);
  });

  it('keeps the cells of a table whose rows are implied (cells straight in <thead> or <tbody>)', () => {
    const html = page(
      '<table><thead><th>Name</th><th>Price</th><th>Link</th></thead><tbody><td>Rustler grill</td><td>299 Euro</td><td><a href="https://shop.example/r">Bei Amazon</a></td></tbody></table>',
    );
    const { text } = extractHtml(html, { url });
    expect(text).toContain('Link');
    expect(text).toContain('Rustler grill');
    expect(text).toContain('Bei Amazon');
    expect(findLostWords(html, { url })).toEqual([]);
  });

  it('keeps text written in a table outside any cell, before the table as a browser shows it', () => {
    const html = page(
      '<table><tr><td>Brand</td><td>Gusilor</td></tr><div class="widget">Would you like to <b><a href="javascript:void(0)" role="button">tell us about a lower price?</a></b></div><tr><td>Colour</td><td>White</td></tr></table>',
    );
    const { text } = extractHtml(html, { url });
    expect(text).toContain('Would you like to tell us about a lower price?');
    expect(text.indexOf('Would you like')).toBeLessThan(text.indexOf('Brand'));
    expect(findLostWords(html, { url })).toEqual([]);
  });

  it('reports words cut from a kept paragraph', () => {
    const root = parseHtml('<div><p>Kept <a href="/x">Golem</a> in full.</p><p>Dropped whole.</p></div>')
      .firstElementChild!;
    const snapshot = snapshotRuns([root]);
    root.querySelector('a')?.remove();
    root.querySelectorAll('p')[1]?.remove();
    expect(lostRuns(snapshot, [root], 'Kept in full.')).toEqual(['KeptGoleminfull.']);
  });
});
