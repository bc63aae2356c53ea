import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails } from './index.js';

const url = 'https://shop.example.com/bookcases';

/** A shop's card: the name, a sale price, and colour swatches: picture links named for screen readers only. */
const swatch = (name: string, colour: string) =>
  `<a href="/p/${name.toLowerCase()}-${colour}"><span class="sr-only">Option: ${name}, bookcase, ${colour}, 80x28x202 cm</span><img src="/${name}-${colour}.jpg" alt=""></a>`;
const card = (name: string) => `<li class="card">
  <h3><a href="/p/${name.toLowerCase()}">${name} bookcase</a></h3>
  <p>A tall bookcase of solid pine with adjustable shelves, made to last for many years of use.</p>
  <p><del>$120</del> <ins>$99</ins><span class="screen-reader-text">Original price was: $120. Current price is: $99.</span></p>
  <div class="variants">${swatch(name, 'white')}${swatch(name, 'oak')}</div>
</li>`;

const page = `<html><body><main><h1>Bookcases</h1>
  <p>Bookcases and shelving units for every room, in pine, oak and painted finishes.</p>
  <ul class="grid">${['Billy', 'Hemnes', 'Kallax', 'Brimnes'].map(card).join('')}</ul>
  <section data-nosnippet aria-label="Footnotes"><p>* Prices valid until the end of the month while stocks last; delivery charged separately.</p></section>
</main></body></html>`;

describe('text the page marks as not its own', () => {
  it('drops a picture link’s screen-reader name and a data-nosnippet block, and keeps the cards', () => {
    const { text } = extractHtml(page, { url });
    expect(text).toContain('Hemnes bookcase');
    expect(text).toContain('A tall bookcase of solid pine');
    expect(text).not.toContain('Option: Hemnes');
    expect(text).not.toContain('Prices valid until');
    // Without the mechanism both stay: they are its to drop.
    const kept = extractHtmlWithDetails(page, { url, pageMarks: false }).page.text;
    expect(kept).toContain('Option: Hemnes');
    expect(kept).toContain('Prices valid until');
  });

  it('keeps screen-reader text that stands beside visible words', () => {
    expect(extractHtml(page, { url }).text).toContain('Original price was: $120');
  });
});
