import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './index.js';
import { LISTING_RUN_LIMITS, widenedToItems } from './listing-run.js';
import { contentRootOf, parseDocument } from './parse.js';
import type { Element } from './tree/index.js';

const url = 'https://example.com/news';

const summary = (topic: string, long: boolean) =>
  long
    ? `The firm said on Tuesday that ${topic} would open next spring, hiring forty consultants in its first year.`
    : `Opens in spring (${topic}).`;

/** A blog's index: each entry a linked title, then a summary, long from entry `longFrom` on. */
function blogIndex(count: number, longFrom = 0): string {
  const entries = Array.from(
    { length: count },
    (_, index) =>
      `<article class="entry"><h2 class="entry-title"><a href="/news/${index}">Consultancy ${index} opens an office in city ${index}</a></h2><div class="entry-content"><p>${summary(`office ${index}`, index >= longFrom)}</p></div></article>`,
  );
  return `<html><head><title>News</title></head><body><nav><a href="/">Home</a></nav><main><h1>News</h1><p><a href="/archive">The archive of every year</a></p><section class="blog-list">${entries.join('')}</section></main></body></html>`;
}

const read = (html: string, settings: { listingRun?: false } = {}) =>
  extractHtmlWithDetails(html, { url, ...settings }).page.text;

describe("a listing's items widen the main run", () => {
  it("keeps the first entry's linked title, which stands ahead of the first summary", () => {
    const shipped = read(blogIndex(6));
    for (let index = 0; index < 6; index++) expect(shipped).toContain(`Consultancy ${index} opens an office`);
    // Without the mechanism the main run starts at the first summary, and the title before it goes.
    const off = read(blogIndex(6), { listingRun: false });
    expect(off).not.toContain('Consultancy 0 opens an office');
    expect(off).toContain('Consultancy 1 opens an office');
  });

  it('keeps the titles of the entries before the first summary of prose length', () => {
    const shipped = read(blogIndex(8, 3));
    for (let index = 0; index < 8; index++) expect(shipped).toContain(`Consultancy ${index} opens an office`);
    const off = read(blogIndex(8, 3), { listingRun: false });
    expect(off).not.toContain('Consultancy 1 opens an office');
  });

  it('still drops a link line ahead of the items, which is no item', () => {
    expect(read(blogIndex(6))).not.toContain('The archive of every year');
  });

  it('stays linear on a hostile page: a deep chain and thousands of runs', () => {
    const deep = `${'<div>'.repeat(5000)}<p>deep text</p>${'</div>'.repeat(5000)}`;
    const rows = Array.from({ length: 20000 }, (_, index) => `<div class="row"><p>Row ${index}</p></div>`);
    const root: Element = contentRootOf(
      parseDocument(`<html><body>${deep}<div>${rows.join('')}</div></body></html>`),
    );
    const parents = root.querySelectorAll('p');
    const items = new Set(root.querySelectorAll('div.row'));
    const started = performance.now();
    const widened = widenedToItems(parents, { first: 5000, last: 5000 }, new Map([[root, items]]), {
      ...LISTING_RUN_LIMITS,
      after: true,
    });
    expect(widened).toEqual({ first: 1, last: 20000 });
    expect(widenedToItems(parents, { first: 9, last: 9 }, new Map(), LISTING_RUN_LIMITS)).toEqual({
      first: 9,
      last: 9,
    });
    // Generous: the walk takes milliseconds; one walk up the chain per run would take minutes.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
