import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from './clean.js';
import { extractHtmlWithDetails } from './extract.js';
import { itemGroupsOf } from './item-groups.js';
import { contentRootOf, parseDocument } from './parse.js';

const summary = (topic: string) =>
  `Researchers followed the ${topic} for a decade and found that it changed far more than anyone had expected.`;

/** A category page: a heading and `count` story cards whose class holds a boilerplate word (`-ad`). */
function categoryPage(count: number, cardClass = 'grid-item hide-read-more-ad'): string {
  const cards = Array.from(
    { length: count },
    (_, index) =>
      `<div class="${cardClass}"><h3><a href="/story/${index}">Story number ${index} about the ${index}th whale</a></h3><p>${summary(`whale ${index}`)}</p></div>`,
  );
  return `<html><head><title>Science</title></head><body><nav><a href="/">Home</a> <a href="/science">Science</a></nav><main><h1>Science</h1><div class="grid">${cards.join('')}</div></main><footer>© Example Media. All rights reserved.</footer></body></html>`;
}

describe('look-alike item groups', () => {
  it('keeps a listing whose cards carry a boilerplate word in their class', () => {
    const html = categoryPage(8);
    const text = extractHtmlWithDetails(html, { url: 'https://example.com/science' }).page.text;
    for (let index = 0; index < 8; index++) expect(text).toContain(`whale ${index} for a decade`);
    // One by one, the cards go: that is what the groups change.
    const without = extractHtmlWithDetails(html, { url: 'https://example.com/science', itemGroups: false });
    expect(without.page.text).not.toContain('whale 3 for a decade');
  });

  it('still removes a lone block with a boilerplate class, and too few look-alikes', () => {
    const html = categoryPage(3);
    const root = contentRootOf(parseDocument(html));
    removeBoilerplate(root, { keepComments: false });
    expect(root.textContent).not.toContain('whale 1 for a decade');
  });

  it('keeps the cards’ on-screen summaries marked aria-hidden, but not hidden ones', () => {
    const card = (index: number, hidden: string) =>
      `<article class="river"><h2><a href="/a/${index}">Headphones story ${index}</a></h2><p class="desc"><a href="/a/${index}" aria-hidden="true"${hidden}>${summary(`headphone ${index}`)}</a></p></article>`;
    const page = (hidden: string) =>
      `<html><body><main><h1>Headphones</h1>${Array.from({ length: 6 }, (_, index) => card(index, hidden)).join('')}</main></body></html>`;
    const shown = contentRootOf(parseDocument(page('')));
    removeBoilerplate(shown, { keepComments: false });
    expect(shown.textContent).toContain('headphone 2 for a decade');
    const hidden = contentRootOf(parseDocument(page(' style="display:none"')));
    removeBoilerplate(hidden, { keepComments: false });
    expect(hidden.textContent).not.toContain('headphone 2 for a decade');
  });

  it('does not count a menu’s columns (many links each) or blocks without links as items', () => {
    const column = (index: number) =>
      `<ul class="menu-column">${Array.from({ length: 10 }, (_, link) => `<li><a href="/c/${index}/${link}">Category ${index}.${link}</a></li>`).join('')}</ul>`;
    const menu = parseDocument(
      `<html><body><div class="mega">${[0, 1, 2, 3, 4].map(column).join('')}</div></body></html>`,
    );
    const menuGroups = itemGroupsOf(contentRootOf(menu));
    expect(menuGroups.groupLengthOf(menu.querySelector('ul')!)).toBe(0);
    const panel = parseDocument(
      `<html><body><div class="panel">${[0, 1, 2, 3, 4].map((index) => `<div class="purpose">${summary(`purpose ${index}`)}</div>`).join('')}</div></body></html>`,
    );
    expect(itemGroupsOf(contentRootOf(panel)).groupLengthOf(panel.querySelector('.purpose')!)).toBe(0);
  });

  it('counts a block nested in blocks of its own shape once (a hostile page stays one member)', () => {
    const depth = 5000;
    const html = `<html><body>${'<div class="hide-x"><a href="/x">link</a>'.repeat(depth)}${summary('abyss')}${'</div>'.repeat(depth)}</body></html>`;
    const root = contentRootOf(parseDocument(html));
    const groups = itemGroupsOf(root);
    // Nested blocks of one shape are one member: no group.
    expect(groups.groupLengthOf(root.querySelector('div')!)).toBe(0);
  });
});
