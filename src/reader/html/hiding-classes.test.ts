import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';

const description = [
  'The staple tee is cut from mid-weight combed cotton in a regular fit that suits most people.',
  'Neck ribbing, side seams and double-needle hems keep its shape through years of washing.',
  'It comes in more than seventy colours, from bone and mushroom to navy and forest green.',
  'Printers and decorators like its smooth face, which takes screen prints and embroidery well.',
  'Wash it cold and inside out, and dry it in the shade, and it keeps its colour for years.',
  'Sizes run from extra small to five extra large, and the size guide lists each measurement.',
  'Orders placed before two in the afternoon leave the warehouse on the same working day.',
  'Returns are free within thirty days, as long as the tee is unworn and still has its tags.',
]
  .map((sentence) => `<p>${sentence}</p>`)
  .join('');

/** The shop's raw custom fields, a template list its scripts read, hidden by the framework's `hide` class. */
const fields = Array.from(
  { length: 8 },
  (_, index) =>
    `<dt>cat_thumb_colour_${index}:</dt><dd>https://cdn.example.com/images/stencil/160x160/thumbnails/5001_staple_tee_colour_${index}_thumb.jpg</dd>`,
).join('');

/** The shop's menu: the rest of the page's text. */
const menu = `<nav>${Array.from({ length: 50 }, (_, index) => `<a href="/range/${index}">Range ${index}</a>`).join(' ')}</nav>`;

const page = (hidingClass: string) => `<html><body>${menu}<main><h1>Staple Tee</h1>${description}
  <dl class="productView-info ${hidingClass}">${fields}</dl></main></body></html>`;

const read = (html: string, on = true) =>
  extractHtmlWithDetails(html, {
    url: 'https://shop.example.com/staple-tee',
    hidingClasses: on ? { tokens: 'whole', largestShare: 0.8, headlineStays: true } : false,
  }).page.text;

describe('hiding classes', () => {
  it('drops a large block hidden by a framework class, and keeps the text shown', () => {
    for (const hidingClass of ['hide', 'is-hidden', 'u-hide']) {
      const text = read(page(hidingClass));
      expect(text).toContain('The staple tee is cut from mid-weight combed cotton');
      expect(text).not.toContain('cat_thumb_colour_7');
    }
  });

  it('reads a hiding word that hides a part of the block, or hides it on phones only, as shown', () => {
    for (const shownClass of ['hide-scrollbar', 'hidden-xs', 'overflow-hidden']) {
      expect(read(page(shownClass))).toContain('cat_thumb_colour_7');
    }
  });

  it('is what turning it off keeps', () => {
    expect(read(page('hide'), false)).toContain('cat_thumb_colour_7');
  });
});
