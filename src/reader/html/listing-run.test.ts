import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtmlWithDetails } from './index.js';
import { dropItemCalls, LISTING_RUN_LIMITS, widenedToItems } from './listing-run.js';
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

/** A page of course cards: a linked title, a summary and a "Start course" button after it. */
function courses(count: number, call = '<a href="/c/INDEX/start">Start course</a>'): string {
  const cards = Array.from(
    { length: count },
    (_, index) =>
      `<div class="course"><h3><a href="/c/${index}">Course ${index} on building accessible forms</a></h3><p>${summary(`course ${index}`, true)}</p><div class="actions">${call.replaceAll('INDEX', String(index))}</div></div>`,
  );
  return `<html><head><title>Learn</title></head><body><main><h1>Learn</h1><div class="grid">${cards.join('')}</div></main></body></html>`;
}

const read = (html: string, settings: { listingRun?: false | typeof LISTING_RUN_LIMITS } = {}) =>
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

  it("drops each item's short call to action after its text, and keeps its title", () => {
    const shipped = read(courses(6));
    expect(shipped).not.toContain('Start course');
    for (let index = 0; index < 6; index++) expect(shipped).toContain(`Course ${index} on building`);
    expect(read(courses(6), { listingRun: { ...LISTING_RUN_LIMITS, callLetters: 0 } })).toContain(
      'Start course',
    );
    // A longer link after the text is no command; nor are a column's many short links.
    expect(
      read(courses(6, '<a href="/c/INDEX/syllabus">Read the whole syllabus of this course</a>')),
    ).toContain('Read the whole syllabus');
    const links =
      '<ul><li><a href="/a">Agda</a></li><li><a href="/b">Alef</a></li><li><a href="/c">Argus</a></li></ul>';
    expect(read(courses(6, links))).toContain('Argus');
  });

  it('stays linear on a hostile page: a deep chain and thousands of runs', () => {
    const deep = `${'<div>'.repeat(5000)}<p>deep text</p>${'</div>'.repeat(5000)}`;
    const rows = Array.from({ length: 20000 }, (_, index) => `<div class="row"><p>Row ${index}</p></div>`);
    const root: Element = contentRootOf(
      parseDocument(`<html><body>${deep}<div>${rows.join('')}</div></body></html>`),
    );
    const parents = root.querySelectorAll('p');
    const items = new Set(root.querySelectorAll('div.row'));
    const started = cpuClock();
    const widened = widenedToItems(parents, { first: 5000, last: 5000 }, new Map([[root, items]]), {
      ...LISTING_RUN_LIMITS,
      after: true,
    });
    expect(widened).toEqual({ first: 1, last: 20000 });
    expect(widenedToItems(parents, { first: 9, last: 9 }, new Map(), LISTING_RUN_LIMITS)).toEqual({
      first: 9,
      last: 9,
    });
    const cards = Array.from(
      { length: 20000 },
      (_, index) => `<div class="card"><p>Card ${index} text</p><p><a href="/c/${index}">Buy</a></p></div>`,
    );
    // 500 levels: past the parser's `MAX_TREE_DEPTH` the cards' blocks would be laid flat.
    const shop: Element = contentRootOf(
      parseDocument(
        `<html><body>${'<div>'.repeat(500)}${cards.join('')}${'</div>'.repeat(500)}</body></html>`,
      ),
    );
    dropItemCalls([shop], new Map([[shop, new Set(shop.querySelectorAll('div.card'))]]), LISTING_RUN_LIMITS);
    expect(shop.textContent).not.toContain('Buy');
    // Generous: the walks take a second; one walk up the chain per run would take minutes.
    expect(started.ms()).toBeLessThan(10000);
  });
});
