import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtmlWithDetails } from './extract.js';
import { parseDocument } from './parse.js';
import { PRODUCT_STRUCTURE, type ProductStructure } from './product-structure.js';
import { sellsOneItem } from './sells-one-item.js';

const structure = { ...PRODUCT_STRUCTURE, extras: 'structure' as const };
const none = { ...PRODUCT_STRUCTURE, extras: false as const };

const description =
  '<p>This hand-thrown mug holds twelve ounces and keeps coffee warm for a long time on a cold morning.</p>' +
  '<p>Each piece is glazed by hand in a small studio, so the colour of every mug differs a little from the photo.</p>' +
  '<p>The clay is fired twice at a high temperature, which makes it safe in the dishwasher and the microwave.</p>';

/** Five empty icons in a row: a rating's stars, whatever the page's language. */
const stars = '<span class="r"><svg></svg><svg></svg><svg></svg><svg></svg><svg></svg></span>';

const review = (name: string, text: string) =>
  `<div class="op"><div class="who">${stars}<b>${name}</b> <time datetime="2025-01-02">2 janv. 2025</time></div><p>${text}</p></div>`;

const card = (name: string, price: string) =>
  `<li class="tile"><a href="/p/${name}"><img src="/${name}.jpg" alt=""><span>${name}</span></a><span>${price}</span></li>`;

const page = (
  sections: string,
  head = '<script type="application/ld+json">{"@type":"Product","name":"Mug"}</script>',
) =>
  `<html><head><title>Mug</title>${head}</head><body><main><h1>Stoneware mug</h1>${description}${sections}</main></body></html>`;

/** Reviews under a heading no phrase list names (Dutch), and other products under another. */
const reviews = `<section><h2>Wat kopers zeggen</h2>${review('Anna', 'Mooie mok, precies zoals op de foto en goed verpakt.')}${review('Piet', 'Houdt de koffie lang warm, ik bestel er nog een.')}${review('Joke', 'Snel geleverd en de kleur is prachtig in het echt.')}</section>`;
const others = `<section><h2>Ook bekeken</h2><ul>${card('bowl', '€ 24,00')}${card('plate', '€ 19,50')}${card('jug', '€ 32,00')}</ul></section>`;
const faq = `<section><h2>Veelgestelde vragen</h2><div class="qa"><p>Is de mok vaatwasserbestendig?</p><p>Ja, de glazuur kan tegen de vaatwasser.</p></div><div class="qa"><p>Hoe groot is de mok?</p><p>Hij houdt twaalf ons koffie of thee.</p></div></section>`;

const read = (html: string, productStructure: ProductStructure = structure) =>
  extractHtmlWithDetails(html, { url: 'https://shop.example/mug', productStructure }).page.text;

describe('product extras by structure', () => {
  it('drops reviews and other products whatever their headings say, and keeps them switched off', () => {
    const html = page(reviews + others);
    const text = read(html);
    expect(text).toContain('fired twice');
    expect(text).not.toContain('precies zoals op de foto');
    expect(text).not.toContain('plate');
    expect(read(html, none)).toContain('precies zoals op de foto');
  });

  it("keeps the shop's own questions and answers: no poster, no date", () => {
    const text = read(page(faq));
    expect(text).toContain('vaatwasserbestendig');
  });

  it("keeps a list of products' products, and drops its reviews", () => {
    const head = '<meta property="og:type" content="product.group">';
    const list = `<section><h2>Mokken</h2><ul>${card('blue-mug', '€ 21,00')}${card('green-mug', '€ 22,00')}${card('red-mug', '€ 23,00')}</ul></section>`;
    const text = read(page(list + reviews, head));
    expect(text).toContain('green-mug');
    expect(text).not.toContain('Houdt de koffie lang warm');
  });
});

describe('sellsOneItem', () => {
  const sells = (body: string) => sellsOneItem(parseDocument(`<html><body>${body}</body></html>`));

  it('reads microdata of one product with its price', () => {
    expect(
      sells(
        '<div itemscope itemtype="https://schema.org/Product"><h1>Mug</h1><span itemprop="price">21</span></div>',
      ),
    ).toBe(true);
    const many = Array.from(
      { length: 5 },
      () => '<div itemscope itemtype="https://schema.org/Product"><span itemprop="price">21</span></div>',
    ).join('');
    expect(sells(many)).toBe(false);
  });

  it('reads a form posting one priced item, not a search or a comment form', () => {
    const buy =
      '<div><span>€ 21,00</span><form method="post" action="/cart"><input type="hidden" name="id" value="7"><select name="qty"><option>1</option></select><button>Bestellen</button></form></div>';
    expect(sells(buy)).toBe(true);
    const comment =
      '<div><span>€ 21,00</span><form method="post"><input type="hidden" name="id" value="7"><textarea></textarea><button>Send</button></form></div>';
    expect(sells(comment)).toBe(false);
    expect(sells('<form method="get"><input type="search"><button>Zoek</button></form>')).toBe(false);
  });
});

describe('product structure on hostile pages', () => {
  it('stays linear on thousands of reviews and nested sections', () => {
    const many = Array.from({ length: 1000 }, (_, index) => review(`R${index}`, 'Goed.')).join('');
    const nested = `${'<div class="n">'.repeat(2000)}<h3>Deep</h3><p>text</p>${'</div>'.repeat(2000)}`;
    const html = page(`<section><h2>Kopers</h2>${many}</section>${nested}`);
    const started = cpuClock();
    read(html);
    expect(started.ms()).toBeLessThan(4000);
  });
});
