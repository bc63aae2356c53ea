import { describe, expect, it } from 'vitest';
import { cardRunsIn, TEXT_CARD_LIMITS } from './card-runs.js';
import { extractHtml, extractHtmlWithDetails } from './index.js';
import { contentRootOf, parseDocument } from './parse.js';

const url = 'https://example.com/news';

const summary = (topic: string) =>
  `The council met again this week about the ${topic}, and the members voted to hear the residents before any decision is made.`;

/**
 * A page of a news listing: each item a blog engine's `<article>` whose classes name its author and
 * its own tags (so no two items share a class list).
 */
function blogListing(titles: string[]): string {
  const items = titles.map(
    (title, index) =>
      `<article class="entry hentry tag-topic${index} author-jane-roe"><div class="entry-title-wrapper"><h2><a href="/news/${index}">${title}</a></h2></div><p>${summary(title.toLowerCase())} ${summary('budget')}</p></article>`,
  );
  return `<html><body><nav><a href="/">Home</a> <a href="/about">About</a></nav><main><section class="blog-list">${items.join('')}</section></main></body></html>`;
}

/** A shop's category page: each card a linked name, a price and a few facts. */
function shopListing(names: string[]): string {
  const cards = names.map(
    (name, index) =>
      `<li class="tile"><a href="/product/${index}"><span role="heading">${name}</span></a><div><span>$${100 + index}.00</span></div><div><div>Sleeping capacity: <div>${index + 2}-person</div></div><div>Seasons: <div>3-season</div></div></div></li>`,
  );
  return `<html><body><main><h1>Camping tents</h1><p>${summary('tents')}</p><ul class="grid">${cards.join('')}</ul></main></body></html>`;
}

describe('a listing’s cards', () => {
  const titles = ['Harbour plans approved', 'Ferry timetable changes', 'New bridge opens', 'Market moves'];

  it('keeps every item of a listing whose items’ classes read as furniture (author-, tag-)', () => {
    const html = blogListing(titles);
    const text = extractHtml(html, { url }).text;
    // The first item's title comes before the listing's first prose: whether a link run there
    // stays is the main run's decision (`main-run.ts`), not this mechanism's.
    for (const title of titles.slice(1)) {
      expect(text).toContain(title);
      expect(text).toContain(summary(title.toLowerCase()));
    }
    // Without the mechanism each item goes whole as an author's box (its classes say `author-`);
    // the fallback pass that then reads the page again loses every title as a block of links.
    const without = extractHtmlWithDetails(html, { url, textCards: false }).page.text;
    for (const title of titles) expect(without).not.toContain(title);
  });

  it('keeps the linked name of each card of a shop’s list beside its price and facts', () => {
    const names = ['Wawona 6 Tent', 'Wonderland 4 Tent', 'Skydome Tent', 'Base Camp 6 Tent'];
    const html = shopListing(names);
    const text = extractHtml(html, { url }).text;
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('$101.00');
    const without = extractHtmlWithDetails(html, { url, textCards: false }).page.text;
    expect(without).not.toContain('Wawona 6 Tent');
  });

  it('still drops a menu of links inside a story: its items are all links, not cards', () => {
    const menu = ['Politics', 'Business', 'Sport', 'Weather']
      .map((section) => `<li><a href="/${section}"><span>${section}</span></a></li>`)
      .join('');
    const story = [1, 2, 3, 4].map((index) => `<p>${summary(`harbour plan ${index}`)}</p>`).join('');
    const html = `<html><body><article><h1>Harbour plans</h1><p>${summary('harbour')}</p><div class="sections"><ul>${menu}</ul></div>${story}</article></body></html>`;
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(summary('harbour plan 4'));
    expect(text).not.toContain('Business');
  });
});

describe('cardRunsIn', () => {
  const runsOf = (body: string) =>
    cardRunsIn(contentRootOf(parseDocument(`<html><body>${body}</body></html>`)), TEXT_CARD_LIMITS).map(
      (run) => run.map((card) => card.textContent),
    );

  it('finds siblings of one template, whatever their words, and not a list of plain items', () => {
    const card = (name: string) =>
      `<div><a href="/x"><img src="x.jpg"></a><h3>${name}</h3><span>$5</span></div>`;
    expect(runsOf(`<section>${card('One')}${card('Two')}${card('Three')}<p>Note</p></section>`)).toEqual([
      ['One$5', 'Two$5', 'Three$5'],
    ]);
    expect(runsOf('<ul><li>One</li><li>Two</li><li>Three</li><li>Four</li></ul>')).toEqual([]);
  });

  it('needs three cards of one shape: two, or three of different shapes, are not a run', () => {
    const card = (name: string) => `<div><h3>${name}</h3><p>text</p></div>`;
    expect(runsOf(`<section>${card('One')}${card('Two')}</section>`)).toEqual([]);
    expect(
      runsOf(
        '<section><div><h3>A</h3><p>a</p></div><div><table><tr><td>b</td></tr></table></div><div><ul><li><a href="/">c</a></li></ul></div></section>',
      ),
    ).toEqual([]);
  });
});
