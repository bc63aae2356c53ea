import { describe, expect, it } from 'vitest';
import { extractHtml } from './index.js';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

describe('extractHtml content', () => {
  it('drops navigation, cookie banners, share widgets and footers', () => {
    const page = extractHtml(
      `<html><body>
        <nav><a href="/">Home</a> <a href="/news">News</a></nav>
        <div id="cookie-consent">We use cookies to improve your experience. Accept all</div>
        <div class="content"><h1>Harbour plans</h1><p>${sentence('harbour')}</p><p>${sentence('budget')}</p>
          <div class="share-buttons"><a href="#">Share on Facebook</a></div></div>
        <footer>Copyright 2024 Example Corp. Imprint. Privacy.</footer></body></html>`,
      { url: 'https://example.com/harbour' },
    );
    expect(page.text).toContain(sentence('harbour'));
    expect(page.text).toContain(sentence('budget'));
    for (const boilerplate of ['Home', 'cookies', 'Share on Facebook', 'Copyright'])
      expect(page.text).not.toContain(boilerplate);
  });

  it('decodes entities and keeps sentences intact in the text', () => {
    const page = extractHtml(
      '<html><body><article><p>Caf&eacute; &amp; bar: &ldquo;caf&#233;s&rdquo; cost &euro;3&nbsp;each &#x2014; <b>still</b> cheap.</p></article></body></html>',
      { url: 'https://example.com/' },
    );
    expect(page.text).toBe('Café & bar: “cafés” cost €3 each — still cheap.');
  });

  it('separates paragraphs with blank lines in the text', () => {
    const page = extractHtml(
      `<body><div><p>${sentence('first')}</p><p>${sentence('second')}</p></div></body>`,
      {
        url: 'https://example.com/',
      },
    );
    expect(page.text).toBe(`${sentence('first')}\n\n${sentence('second')}`);
  });

  it('yields text from a page without <article> or <main>', () => {
    const page = extractHtml(
      `<html><body><table><tr><td><font size="2">${sentence('old layout')}<br><br>${sentence('table cell')}</font></td></tr></table></body></html>`,
      { url: 'https://example.com/old' },
    );
    expect(page.text).toContain(sentence('old layout'));
    expect(page.text).toContain(sentence('table cell'));
  });

  it('keeps every post of a forum thread', () => {
    const posts = ['alice', 'bob', 'carol', 'dave', 'erin']
      .map(
        (user, index) =>
          `<div class="post" id="post-${index}"><div class="post-author">${user}</div><div class="post-body">${sentence(`reply number ${index + 1}`)}</div></div>`,
      )
      .join('');
    const page = extractHtml(
      `<html><body><nav>Forum index</nav><div class="thread"><h1>Which tent should I buy?</h1>${posts}</div>
       <div class="comments"><div class="comment">${sentence('comment inside thread')}</div></div></body></html>`,
      { url: 'https://forum.example.com/threads/which-tent.123/' },
    );
    for (let index = 1; index <= 5; index++) expect(page.text).toContain(sentence(`reply number ${index}`));
  });

  it('keeps the items of a listing', () => {
    const items = Array.from(
      { length: 6 },
      (_, index) =>
        `<li class="result"><h3><a href="/item/${index}">Camping stove model ${index}</a></h3><p>Light stove number ${index}, burns for two hours on one canister.</p></li>`,
    ).join('');
    const page = extractHtml(
      `<html><body><header><a href="/">Shop</a></header><main><h1>Stoves</h1><ul class="results">${items}</ul></main></body></html>`,
      {
        url: 'https://shop.example.com/stoves',
      },
    );
    for (let index = 0; index < 6; index++) {
      expect(page.text).toContain(`Camping stove model ${index}`);
      expect(page.text).toContain(`Light stove number ${index}, burns for two hours on one canister.`);
    }
  });

  it('never throws on broken or empty markup', () => {
    const inputs = [
      '',
      '<',
      '<<<>>>',
      '<html><body><div><p>unclosed <b>bold <i>italic</div></table>',
      '\uFEFF<p>bom</p>',
      '<svg><p>x',
    ];
    for (const html of inputs) expect(() => extractHtml(html, { url: 'not a url' })).not.toThrow();
    expect(
      extractHtml('<div><p>Hello <b>there</p> friend</div>', { url: 'https://example.com/' }).text,
    ).toContain('Hello there');
  });
});
