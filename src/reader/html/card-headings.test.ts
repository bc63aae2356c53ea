import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';

const titles = [
  'Sticky Air Fryer Chicken Thighs with Honey',
  'Easy Air Fryer Salmon Bites for Weeknights',
  'Crispy Air Fryer Sweet Potato Fries',
  'Air Fryer Brussels Sprouts with Hot Honey',
  'Air Fryer Zucchini with Parmesan',
  'Juicy Air Fryer Pork Tenderloin',
];

/** A grid of cards, each only a picture and its linked title: the last title heads nothing. */
const card = (title: string) =>
  `<div class="card"><a href="/${title.toLowerCase().replace(/ /g, '-')}"><img src="/${title.length}.jpg" alt=""></a><h3 class="card-title"><a href="/${title.toLowerCase().replace(/ /g, '-')}">${title}</a></h3></div>`;

const page = `<html><body><main><h1>Air fryer recipes</h1><div class="grid">${titles.map(card).join('')}</div></main></body></html>`;

const read = (on: boolean) =>
  extractHtmlWithDetails(page, {
    url: 'https://food.example.com/air-fryer',
    cardHeadings: on ? { leastLookAlikes: 3 } : false,
  }).page.text;

describe('card headings', () => {
  it("keeps the last card's title, which heads nothing as every card's does", () => {
    const text = read(true);
    for (const title of titles) expect(text).toContain(title);
  });

  it('is what turning it off loses', () => {
    expect(read(false)).not.toContain('Juicy Air Fryer Pork Tenderloin');
    expect(read(false)).toContain('Air Fryer Zucchini with Parmesan');
  });
});
