import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';

const sentence = (topic: string, index: number) =>
  `<p>${topic} ${index}: the plan pays for accidents and illnesses, and a fixed deductible applies each year to every claim you make.</p>`;

/** A product page whose footer's footnotes outweigh its own text, as some makers' pages do. */
function page(footer: string): string {
  const ownText = Array.from({ length: 10 }, (_, index) => sentence('Coverage', index)).join('');
  const schema = '{"@context":"https://schema.org","@type":"Product","name":"Pet insurance"}';
  return `<html><head><title>Pet insurance</title><script type="application/ld+json">${schema}</script></head><body>
    <main><h1>Pet insurance</h1>${ownText}</main>
    ${footer}</body></html>`;
}

const smallPrint = Array.from(
  { length: 12 },
  (_, index) =>
    `<p>Disclosure ${index}: coverage is underwritten by a carrier named in the policy; prices, discounts and terms vary by state, and not every plan is available everywhere.</p>`,
).join('');

const read = (html: string, footer: boolean) =>
  extractHtmlWithDetails(html, { url: 'https://example.com/pet-insurance', footer }).page.text;

describe('dropFooterCandidates', () => {
  it('never takes the page footer’s small print for the content', () => {
    const html = page(`<footer><div class="disclosures">${smallPrint}</div></footer>`);
    const text = read(html, true);
    expect(text).toContain('Coverage 0: the plan pays');
    expect(text).not.toContain('Disclosure 3');
    expect(read(html, false)).toContain('Disclosure 3');
  });

  it('keeps a footer inside the main landmark, and a footer that wraps the page', () => {
    const notes = page(`<div></div>`).replace('</main>', `<footer>${smallPrint}</footer></main>`);
    expect(read(notes, true)).toContain('Disclosure 3');
    const wrapper = `<html><body><footer><h1>Notes</h1>${smallPrint}</footer></body></html>`;
    expect(read(wrapper, true)).toContain('Disclosure 3');
  });
});
