import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';
import { PAGE_FRAME, type PageFrameParts } from './page-frame.js';

const tiles = Array.from(
  { length: 8 },
  (_, index) =>
    `<div class="tile"><h3><a href="/p/${index}">Trail sneaker model ${index}</a></h3><p>A light trail sneaker with a grippy sole, size ${index + 7} and up.</p><span class="price">$${80 + index}.00</span></div>`,
).join('');

const legal = Array.from(
  { length: 14 },
  (_, index) =>
    `<p>Notice ${index}: rewards points earned on returned items are deducted from your balance, and subscribing means you agree to receive marketing emails.</p>`,
).join('');

/** A shop's category page: a heading, product tiles and a footer longer than the rest, in `wrapper`. */
const shopPage = (wrapper: 'div' | 'main', footer: string) =>
  `<html><head><title>Sneakers</title></head><body><${wrapper} class="page"><h1>Men's sneakers</h1><div class="grid">${tiles}</div>${footer}</${wrapper}></body></html>`;

const read = (html: string, frame: boolean | PageFrameParts) =>
  extractHtmlWithDetails(html, {
    url: 'https://example.com/sneakers',
    pageFrame: frame === true ? PAGE_FRAME : frame,
    // The mechanism alone: the kept-furniture rule would take a footer this size too.
    keptFurniture: false,
  }).page.text;

const announcement =
  '<p class="promo-text">Free shipping on every order over fifty dollars this week, and members earn double rewards points on all sneakers until Sunday.</p>';

describe('withoutPageFrame', () => {
  it('takes the page footer out of a wrapper chosen whole', () => {
    const html = shopPage('div', `<footer class="site-footer">${legal}</footer>`);
    const text = read(html, true);
    expect(text).toContain('Trail sneaker model 5');
    expect(text).not.toContain('Notice 3');
    // Without the mechanism the footer, most of the page's text, is kept.
    expect(read(html, false)).toContain('Notice 3');
  });

  it('keeps a footer inside the main landmark, and one that is nearly all the page has', () => {
    expect(read(shopPage('main', `<footer>${legal}</footer>`), true)).toContain('Notice 3');
    const alone = `<html><body><div><p>Hi.</p><footer>${legal}</footer></div></body></html>`;
    expect(read(alone, true)).toContain('Notice 3');
  });

  it('takes the site header out too, but not a header of the page’s own blocks', () => {
    const html = shopPage('div', `<footer>${legal}</footer>`).replace(
      '<div class="page">',
      `<div class="page"><header class="site">${announcement}</header>`,
    );
    expect(read(html, true)).not.toContain('Free shipping on every order');
    expect(read(html, { banner: false })).toContain('Free shipping on every order');
    expect(read(html, { banner: false })).not.toContain('Notice 3');
    const own = html
      .replace('<header class="site">', '<section><header class="site">')
      .replace('</header>', '</header></section>');
    expect(read(own, true)).toContain('Free shipping on every order');
  });
});
