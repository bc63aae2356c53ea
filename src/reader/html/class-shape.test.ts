import { describe, expect, it } from 'vitest';
import { CLASS_SHAPE_PLACES, classShapeOf, kindTokensOf } from './class-shape.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';
import { pruneContent } from './prune.js';
import type { Element } from './tree/index.js';

/** The elements of `html`'s body matching `selector`. */
function elementsOf(html: string, selector: string): Element[] {
  return contentRootOf(parseDocument(`<html><body>${html}</body></html>`)).querySelectorAll(selector);
}

const shapesOf = (html: string, selector: string) => elementsOf(html, selector).map(classShapeOf);

describe('class shape', () => {
  it('reads a run of digits as one mark and drops a modifier of a block the element names', () => {
    expect(kindTokensOf('post-123 post type-post')).toEqual(['post', 'post-#', 'type-post']);
    expect(kindTokensOf('aem-GridColumn aem-GridColumn--default--3')).toEqual(['aem-gridcolumn']);
    // A `--` token whose block the element does not name is what it is.
    expect(kindTokensOf('product-slider--item')).toEqual(['product-slider--item']);
  });

  it('makes a theme’s entries alike whatever their ids, tags and categories', () => {
    const entries = ['tag-whales category-science', 'tag-seals', 'category-travel format-video', 'tag-whales']
      .map(
        (extra, index) =>
          `<article class="post-${index + 10} post type-post hentry ${extra}"><p>Entry</p></article>`,
      )
      .join('');
    const shapes = shapesOf(entries, 'article');
    expect(new Set(shapes).size).toBe(1);
    expect(shapes[0]).toBe('hentry post post-# type-post');
  });

  it('makes odd and even rows alike, and a modified card like its plain look-alikes', () => {
    const rows = [1, 2, 3, 4, 5]
      .map(
        (index) =>
          `<div class="views-row views-row-${index} views-row-${index % 2 ? 'odd' : 'even'}">Row</div>`,
      )
      .join('');
    expect(new Set(shapesOf(rows, 'div')).size).toBe(1);
    const cards = '<li class="card card--featured">A</li><li class="card">B</li><li class="card">C</li>';
    expect(new Set(shapesOf(cards, 'li'))).toEqual(new Set(['card']));
  });

  it('keeps blocks of different kinds apart, and two siblings whole', () => {
    const parts = '<div class="header">H</div><div class="content">C</div><div class="footer">F</div>';
    expect(shapesOf(parts, 'div')).toEqual(['header', 'content', 'footer']);
    // Among cards, a block of another kind keeps its own tokens.
    const grid = `${['a', 'b', 'c'].map((tag) => `<div class="card tag-${tag}">Card</div>`).join('')}<div class="pager">Next</div>`;
    expect(shapesOf(grid, 'div')).toEqual(['card', 'card', 'card', 'pager']);
    const pair = '<p class="note lead">A</p><p class="note aside">B</p>';
    expect(shapesOf(pair, 'p')).toEqual(['lead note', 'aside note']);
  });

  it('keeps a listing’s cards whose classes name each card, as their look-alikes (item groups by shape)', () => {
    const summary = (index: number) =>
      `Researchers followed whale ${index} for a decade and found that it changed far more than anyone had expected.`;
    // A boilerplate word in each card's class (`-ad`) and a per-card id and tag: one by one the cards
    // would go, and by their whole class no two of them are alike.
    const cards = Array.from(
      { length: 8 },
      (_, index) =>
        `<div class="grid-item item-${index} tag-topic${'abcdefgh'[index]} hide-read-more-ad"><h3><a href="/story/${index}">Story number ${index} about a whale</a></h3><p>${summary(index)}</p></div>`,
    );
    const html = `<html><head><title>Science</title></head><body><main><h1>Science</h1><div class="grid">${cards.join('')}</div></main></body></html>`;
    const read = (classShape: typeof CLASS_SHAPE_PLACES | false) =>
      extractHtmlWithDetails(html, { url: 'https://example.com/science', classShape }).page.text;
    for (let index = 0; index < 8; index++)
      expect(read({ ...CLASS_SHAPE_PLACES, itemGroups: true })).toContain(`whale ${index} for a decade`);
    expect(read(false)).not.toContain('whale 3 for a decade');
  });

  it('keeps a blog index’s entries whose classes name their tags and author, as repeated items', () => {
    const topics = ['whales', 'seals', 'otters', 'herons', 'crabs'];
    // `tag-…` and `author-…` read as a byline or tag list; only look-alikes make them items.
    const entries = topics.map(
      (topic, index) =>
        `<article class="entry hentry author-jane-roe post-${index + 40} tag-${topic}"><h2><a href="/news/${topic}">New study of ${topic} along the coast</a></h2><p>Field teams counted the ${topic} at forty sites this spring and compared the numbers with surveys from earlier decades.</p></article>`,
    );
    const pruned = (classShape: typeof CLASS_SHAPE_PLACES | false) => {
      const [list] = elementsOf(`<div class="entries">${entries.join('')}</div>`, 'div.entries');
      return pruneContent([list!], { discussion: false, mainRun: false, classShape })
        .map((element) => element.textContent)
        .join('');
    };
    for (const topic of topics) expect(pruned(CLASS_SHAPE_PLACES)).toContain(`counted the ${topic} at forty`);
    expect(pruned(false)).not.toContain('counted the otters at forty');
  });

  it('lets a rail’s titled widgets go, though by shape they are alike', () => {
    const widget = (kind: string, items: string) =>
      `<section class="widget widget_${kind}"><h2 class="widget-title">${kind}</h2><ul>${items}</ul></section>`;
    const story = `<p>${'The council voted on the new harbour plan after a long debate about its cost. '.repeat(6)}</p>`;
    const rail = ['categories', 'archive', 'meta', 'recent']
      .map((kind) => widget(kind, '<li><a href="/x">Entry</a></li>'))
      .join('');
    const [content] = elementsOf(`<div class="content">${story}${rail}</div>`, 'div.content');
    const [kept] = pruneContent([content!], {
      discussion: false,
      mainRun: false,
      classShape: CLASS_SHAPE_PLACES,
    });
    expect(kept!.textContent).toContain('harbour plan');
    expect(kept!.querySelectorAll('section')).toHaveLength(0);
  });

  it('stays linear on a page of thousands of siblings and deep nesting', () => {
    const siblings = Array.from(
      { length: 20_000 },
      (_, index) => `<div class="item item-${index} t${'abcdefg'[index % 7]}">x</div>`,
    );
    const deep = `${'<div class="wrap w-1">'.repeat(3000)}x${'</div>'.repeat(3000)}`;
    const elements = elementsOf(`<section>${siblings.join('')}</section>${deep}`, 'div');
    const shapes = new Set(elements.map(classShapeOf));
    expect(shapes.has('item item-#')).toBe(true);
  });
});
