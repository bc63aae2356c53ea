import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';
import { UNIT_FEATURES } from './unit-features.js';
import { contentProbabilityOf, type UnitModel } from './unit-filter.js';
import { UNIT_FILTER_LIMITS } from './unit-model.js';

const story = [
  'The council met on Tuesday evening to decide the future of the old harbour, which has stood empty since the ferry moved to the new port in the north of the town.',
  'Residents who spoke at the meeting asked for a park, a market hall and a small museum of the fishing trade, and several offered to help run them as volunteers.',
  'The mayor said the town could not pay for all three at once, but that a first plan would be drawn up by spring and shown to everyone before any money was spent.',
  'A survey of the quay walls found them sound, though the old crane will have to go, and the engineers expect the ground to need little work before building starts.',
  'The decision was welcomed by the harbour trust, whose chair said that after ten years of waiting the town finally had a plan it could be proud of and hold its council to.',
];

const page = `<html><head><title>Harbour plan agreed</title><meta property="article:published_time" content="2026-03-01T10:00:00Z"></head><body><main><article><h1>Harbour plan agreed</h1>
${story.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
<p class="contact">Harbour office 0123 4567 8901, 2345 6789 0123</p>
</article></main></body></html>`;

/** A model of one tree: a unit mostly made of digits is almost surely not content, any other is. */
const linkModel: UnitModel = {
  features: UNIT_FEATURES,
  base: 0,
  trees: [[UNIT_FEATURES.indexOf('digitShare'), 0.5, 5, -5]],
};

/** The filter with that model, on plain stories alone unless asked. */
const digits = (beyondStories = false) => ({ model: linkModel, keepFrom: 0.5, beyondStories });

const read = (html: string, unitFilter: Parameters<typeof extractHtmlWithDetails>[1]['unitFilter']) =>
  extractHtmlWithDetails(html, { url: 'https://town.example.com/harbour', unitFilter }).page;

describe('the unit filter', () => {
  it('removes the units its model judges not content, and rewrites text and markdown without them', () => {
    const filtered = read(page, digits());
    for (const paragraph of story) expect(filtered.text).toContain(paragraph);
    expect(filtered.text).not.toContain('Harbour office 0123');
    expect(filtered.markdown).not.toContain('Harbour office 0123');
    expect(read(page, false).text).toContain('Harbour office 0123');
  });

  it('lets look-alike units go or stay together, never one item of a list', () => {
    const list = page.replace(
      '<p class="contact">',
      '<ul><li>Ferry times are posted at the quay</li><li>0123 4567 8901 2345</li><li>The market opens on Saturdays</li></ul><p class="contact">',
    );
    const { text } = read(list, digits());
    expect(text).toContain('0123 4567 8901 2345');
    expect(text).not.toContain('Harbour office 0123');
  });

  it('leaves tables, code and, unless asked, the pages rules decide: threads, shops, pages that are no story', () => {
    const table = page.replace(
      '<p class="contact">',
      '<table><tr><td>Quay</td><td>0123 4567 8901</td></tr><tr><td>Market</td><td>2345 6789 0123</td></tr></table><p class="contact">',
    );
    expect(read(table, digits()).text).toContain('0123 4567 8901');
    const undated = page.replace(
      '<meta property="article:published_time" content="2026-03-01T10:00:00Z">',
      '',
    );
    expect(read(undated, digits()).text).toContain('Harbour office 0123');
  });

  it('beyond stories takes a stray line but never one of two or more written alike: cards and items stay whole', () => {
    const offers = (count: number) =>
      [1, 2, 3]
        .slice(0, count)
        .map((index) => `<div class="offer"><p class="price">Plan ${index}: 0123 4567 89${index}</p></div>`)
        .join('');
    const undatedWith = (count: number) =>
      page
        .replace('<meta property="article:published_time" content="2026-03-01T10:00:00Z">', '')
        .replace('<p class="contact">', `${offers(count)}<p class="contact">`);
    const service = undatedWith(3);
    const cards = offers(3);
    const text = read(service, digits(true)).text;
    for (const paragraph of story) expect(text).toContain(paragraph);
    expect(text).not.toContain('Harbour office 0123');
    for (const index of [1, 2, 3]) expect(text).toContain(`Plan ${index}: 0123 4567 89${index}`);
    // Two written alike are already items there: two offers stay.
    const two = undatedWith(2);
    expect(read(two, digits(true)).text).toContain('Plan 2: 0123');
    expect(read(two, digits(true)).text).not.toContain('Plan 3');
    // On a story the same cards go together, as a teaser grid would.
    const dated = page.replace('<p class="contact">', `${cards}<p class="contact">`);
    expect(read(dated, digits(true)).text).not.toContain('Plan 2');
  });

  it('never removes every unit: a page the model doubts whole is kept whole', () => {
    const allNumbers = `<html><head><meta property="article:published_time" content="2026-03-01T10:00:00Z"></head><body><main><ul>${[
      '11',
      '22',
      '33',
      '44',
      '55',
    ]
      .map((name) => `<li>Line ${name}: 0123 4567 89${name}, 2345 6789 01${name}</li>`)
      .join('')}</ul></main></body></html>`;
    expect(read(allNumbers, digits()).text).toBe(read(allNumbers, false).text);
  });

  it('refuses a model trained on other features, naming the command that trains it again', () => {
    const stale: UnitModel = { ...linkModel, features: ['logWords'] };
    expect(() => read(page, { ...digits(), model: stale })).toThrow(/bench\/reader-unit-model\.ts --write/);
  });

  it("ships a model trained on today's features that keeps a plain story whole", () => {
    expect(UNIT_FILTER_LIMITS).not.toBe(false);
    if (!UNIT_FILTER_LIMITS) return;
    expect(UNIT_FILTER_LIMITS.model.features).toEqual(UNIT_FEATURES);
    const text = read(page, UNIT_FILTER_LIMITS).text;
    for (const paragraph of story) expect(text).toContain(paragraph);
    const probability = contentProbabilityOf(
      UNIT_FILTER_LIMITS.model,
      new Array(UNIT_FEATURES.length).fill(0),
    );
    expect(probability).toBeGreaterThanOrEqual(0);
    expect(probability).toBeLessThanOrEqual(1);
  });
});
