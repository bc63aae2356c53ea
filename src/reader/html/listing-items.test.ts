import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtmlWithDetails } from './index.js';
import { LISTING_ITEM_LIMITS, listingItemsIn, listingItemsOf } from './listing-items.js';
import { contentRootOf, parseDocument } from './parse.js';
import { pruneContent } from './prune.js';
import { measure } from './stats.js';
import type { Element } from './tree/index.js';

const summary = (topic: string) =>
  `The firm said on Tuesday that ${topic} would open next spring, hiring forty consultants in its first year.`;

/** A blog's index: entries whose class names their tags, each with a comment link before its title. */
function blogIndex(count: number): string {
  const entries = Array.from(
    { length: count },
    (_, index) =>
      `<article class="entry cf hentry tag-office-${index} tag-expansion"><header class="entry-header"><a href="/news/${index}#comments">Comment</a></header><div class="entry-title-wrapper"><h2 class="entry-title"><a href="/news/${index}">Consultancy ${index} opens an office in city ${index}</a></h2></div><div class="entry-content"><p>${summary(`office ${index}`)}</p></div></article>`,
  );
  return `<html><body><section class="blog-list">${entries.join('')}</section></body></html>`;
}

/** A shop's grid: each card's title is a link in a block of its own, beside its price. */
function productGrid(count: number): string {
  const cards = Array.from(
    { length: count },
    (_, index) =>
      `<div class="product-card"><div class="product-card-title"><a href="/p/${index}">Training tank number ${index}</a></div><p>Regular price: $${20 + index}. ${summary(`tank ${index}`)}</p></div>`,
  );
  return `<html><body><div class="grid">${cards.join('')}</div></body></html>`;
}

function pruned(html: string, listingItems: typeof LISTING_ITEM_LIMITS | false, article = false): string {
  const root = contentRootOf(parseDocument(html));
  // The main run is another mechanism's (it may take a first title for the page's headline).
  return pruneContent([root], { discussion: false, article, mainRun: false, listingItems })
    .map((element) => element.textContent)
    .join(' ');
}

describe('listing items', () => {
  it('keeps the entries of a blog index whose classes name their tags, titles included', () => {
    const on = pruned(blogIndex(6), LISTING_ITEM_LIMITS);
    for (let index = 0; index < 6; index++) {
      expect(on).toContain(`Consultancy ${index} opens an office`);
      expect(on).toContain(`office ${index} would open`);
    }
    // Judged one by one, entries go as tag lists and titles as links after a "Comment" opener.
    const off = pruned(blogIndex(6), false);
    expect(off).not.toContain('Consultancy 2 opens an office');
    // Metadata calling the index an article (as a blog's theme may) changes nothing.
    expect(pruned(blogIndex(6), LISTING_ITEM_LIMITS, true)).toContain('Consultancy 4 opens an office');
  });

  it("keeps a blog index's linked titles by default, read whole", () => {
    const page = blogIndex(6).replace('<body>', '<body><nav><a href="/">Home</a></nav><main><h1>News</h1>');
    const read = (settings: { listingItems?: false }) =>
      extractHtmlWithDetails(page, { url: 'https://example.com/news', ...settings }).page.text;
    const shipped = read({});
    for (let index = 1; index < 6; index++) expect(shipped).toContain(`Consultancy ${index} opens an office`);
    expect(read({ listingItems: false })).not.toContain('Consultancy 3 opens an office');
  });

  it("keeps each card's linked title in a shop's grid", () => {
    const on = pruned(productGrid(8), LISTING_ITEM_LIMITS);
    for (let index = 0; index < 8; index++) expect(on).toContain(`Training tank number ${index}`);
    expect(pruned(productGrid(8), false)).not.toContain('Training tank number 3');
  });

  it('finds no items among too few look-alikes, blocks without links, or a minor share', () => {
    const itemsOf = (html: string) => {
      const root = contentRootOf(parseDocument(html));
      return listingItemsOf(root, measure(root), {
        limits: LISTING_ITEM_LIMITS,
        contentLength: root.textContent.length,
      });
    };
    expect(itemsOf(blogIndex(3)).size).toBe(0);
    const unlinked = `<html><body>${Array.from({ length: 6 }, (_, index) => `<div class="step"><p>${summary(`step ${index}`)}</p></div>`).join('')}</body></html>`;
    expect(itemsOf(unlinked).size).toBe(0);
    const story = `<p>${summary('the story').repeat(30)}</p>`;
    const minor = blogIndex(4).replace('<body>', `<body>${story}`);
    expect(itemsOf(minor).size).toBe(0);
    expect(itemsOf(blogIndex(4)).size).toBe(4);
  });

  it('asks more of the items on a story page, where a smaller group is the teasers beside the story', () => {
    const story = `<div class="story"><p>${summary('the story').repeat(8)}</p></div>`;
    const root = contentRootOf(parseDocument(blogIndex(6).replace('<body>', `<body>${story}`)));
    const contentLength = root.textContent.length;
    const limits = LISTING_ITEM_LIMITS;
    expect(listingItemsOf(root, measure(root), { limits, contentLength }).size).toBe(6);
    expect(listingItemsOf(root, measure(root), { limits, contentLength, story: true }).size).toBe(0);
  });

  it('reads a story page whose content is only cards as a listing, and one with prose as a story', () => {
    const itemsOnStory = (html: string) => {
      const root = contentRootOf(parseDocument(html));
      return listingItemsIn(new Map([[root, measure(root)]]), { limits: LISTING_ITEM_LIMITS, story: true });
    };
    // A blog index whose metadata calls it an article: its entries are the listing.
    expect(itemsOnStory(blogIndex(6)).size).toBe(1);
    // A story of four paragraphs before the same entries: they are its teasers or comments.
    const story = [1, 2, 3, 4].map((index) => `<p>${summary(`the story, part ${index},`)}</p>`).join('');
    expect(itemsOnStory(blogIndex(6).replace('<body>', `<body>${story}`)).size).toBe(0);
  });

  it('off a story page, asks more of the items when prose stands beside them', () => {
    const itemsOf = (html: string, limits: typeof LISTING_ITEM_LIMITS) => {
      const root = contentRootOf(parseDocument(html));
      return listingItemsIn(new Map([[root, measure(root)]]), { limits, story: false });
    };
    const limits = LISTING_ITEM_LIMITS;
    // Five paragraphs of a story and four teasers after it: the teasers hold about half the text.
    const story = [1, 2, 3, 4, 5].map((index) => `<p>${summary(`the story, part ${index},`)}</p>`).join('');
    const withStory = blogIndex(4).replace('<body>', `<body>${story}`);
    expect(
      itemsOf(withStory, { ...LISTING_ITEM_LIMITS, proseShare: LISTING_ITEM_LIMITS.minShare }).size,
    ).toBe(1);
    expect(itemsOf(withStory, limits).size).toBe(0);
    // Without the prose the same teasers are the page's listing.
    expect(itemsOf(blogIndex(6), limits).size).toBe(1);
  });

  it("asks each item's link to lead it, as a card's picture or title does", () => {
    const itemsOf = (html: string, leadLinkWithin: number) => {
      const root = contentRootOf(parseDocument(html));
      const limits = { ...LISTING_ITEM_LIMITS, leadLinkWithin };
      return listingItemsOf(root, measure(root), { limits, contentLength: root.textContent.length });
    };
    // A story kept in a CMS's content elements, each a block of paragraphs with a link further in.
    const elements = Array.from(
      { length: 5 },
      (_, index) =>
        `<div class="content-element"><div class="inner"><p>${summary(`part ${index}`)} As <a href="/source/${index}">the source</a> said.</p></div></div>`,
    ).join('');
    const story = `<html><body><div class="story">${elements}</div></body></html>`;
    expect(itemsOf(story, Number.POSITIVE_INFINITY).size).toBe(5);
    expect(itemsOf(story, 80).size).toBe(0);
    // Cards whose title or picture comes first, after a short date at most, stay items.
    expect(itemsOf(productGrid(6), 80).size).toBe(6);
    expect(itemsOf(blogIndex(6), 80).size).toBe(6);
    const dated = productGrid(6).replaceAll(
      '<div class="product-card">',
      '<div class="product-card"><div>24 July 2017</div>',
    );
    expect(itemsOf(dated, 80).size).toBe(6);
  });

  it('stays linear on a hostile page: thousands of nested and repeated blocks', () => {
    const deep = `${'<div class="x">'.repeat(5000)}<a href="/a">deep link text here</a>${'</div>'.repeat(5000)}`;
    const wide = Array.from(
      { length: 20000 },
      (_, index) =>
        `<div class="card"><h3><a href="/c/${index}">Card ${index} has a title of some length</a></h3></div>`,
    ).join('');
    const root: Element = contentRootOf(parseDocument(`<html><body>${deep}<div>${wide}</div></body></html>`));
    const started = cpuClock();
    const items = listingItemsOf(root, measure(root), {
      limits: LISTING_ITEM_LIMITS,
      contentLength: root.textContent.length,
    });
    expect(items.size).toBe(20000);
    const led = listingItemsOf(root, measure(root), {
      limits: { ...LISTING_ITEM_LIMITS, leadLinkWithin: 80 },
      contentLength: root.textContent.length,
    });
    expect(led.size).toBe(20000);
    // Generous: the walk takes tens of milliseconds; a quadratic one would take minutes.
    expect(started.ms()).toBeLessThan(5000);
  });
});
