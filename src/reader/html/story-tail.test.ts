import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails } from './index.js';

const url = 'https://example.com/harbour';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

const story = [1, 2, 3, 4, 5, 6].map((index) => `<p>${sentence(`harbour ${index}`)}</p>`).join('');

const article = (body: string) =>
  `<html><head><meta property="og:type" content="article"></head><body>${body}<div class="footer">Copyright</div></body></html>`;

/** The same page read with the story's tail kept: what the mechanism alone removes. */
const withTail = (html: string) => extractHtmlWithDetails(html, { url, tail: false }).page.text;

const authorBox =
  '<div class="box"><p>Jane Roe writes about ports, ferries and the people who work on them, from an office overlooking the quay.</p></div>';

describe('the story’s tail', () => {
  it('drops what follows the element holding the story’s prose', () => {
    const html = article(
      `<div class="wrap"><div class="post"><h1>Harbour plans</h1><div class="body">${story}</div>${authorBox}</div></div>`,
    );
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(sentence('harbour 1'));
    expect(text).toContain(sentence('harbour 6'));
    expect(text).not.toContain('Jane Roe writes');
    expect(withTail(html)).toContain('Jane Roe writes');
  });

  it('keeps a story told in look-alike blocks, each holding a paragraph or two', () => {
    const blocks = [story, `<p>${sentence('ferry')}</p>`, `<p>${sentence('quay')}</p>`]
      .map((part) => `<div class="module">${part}</div>`)
      .join('');
    const text = extractHtml(article(`<main><article>${blocks}</article></main>`), { url }).text;
    expect(text).toContain(sentence('ferry'));
    expect(text).toContain(sentence('quay'));
  });

  it('keeps a long paragraph after the story’s element: the story goes on', () => {
    const long = `<div class="more"><p>${[1, 2, 3, 4, 5, 6, 7, 8].map((index) => sentence(`annex ${index}`)).join(' ')}</p></div>`;
    const html = article(
      `<main><div class="wrap"><article><div class="body">${story}${story}</div></article>${long}</div></main>`,
    );
    expect(extractHtml(html, { url }).text).toContain(sentence('annex 8'));
  });

  it('keeps what follows when it outweighs the story', () => {
    const teasers = Array.from(
      { length: 8 },
      (_, index) => `<div class="card"><p>${sentence(`berth ${index}`)}</p></div>`,
    ).join('');
    const html = article(
      `<main><div class="wrap"><article><div class="body">${story}</div></article><section>${teasers}</section></div></main>`,
    );
    expect(extractHtml(html, { url }).text).toContain(sentence('berth 7'));
  });
});
