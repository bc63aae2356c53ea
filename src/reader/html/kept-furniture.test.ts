import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';
import { dropKeptFurniture, KEPT_FURNITURE_LIMITS } from './kept-furniture.js';
import { parseDocument } from './parse.js';

const offer = (index: number) =>
  `<div class="offer"><h2>Plan ${index}</h2><p>Plan ${index} covers accidents and illnesses, and a fixed deductible applies each year to every claim you make.</p></div>`;

const testimonial = (index: number) =>
  `<div class="quote"><p>Customer ${index} says: I ordered twice and the team answered every question within the hour, so I will certainly order again next season.</p><p>Reviewer ${index}</p></div>`;

/** A landing page of offers whose footer of testimonials outweighs them, as some shops' pages do. */
function landingPage(footerQuotes: number): string {
  const offers = Array.from({ length: 6 }, (_, index) => offer(index)).join('');
  const quotes = Array.from({ length: footerQuotes }, (_, index) => testimonial(index)).join('');
  return `<html><head><title>Plans</title></head><body>
    <div class="hero"><h1>Our plans</h1><p>Pick the plan that suits your pet, and change it whenever you like.</p></div>
    <div class="offers">${offers}</div>
    <footer><h2>What our clients say</h2>${quotes}</footer></body></html>`;
}

const read = (html: string, keep: boolean) =>
  extractHtmlWithDetails(html, {
    url: 'https://example.com/plans',
    keptFurniture: keep ? false : KEPT_FURNITURE_LIMITS,
    // The mechanism alone: the page frame's footer rule would take this footer too.
    pageFrame: false,
  }).page.text;

describe('dropKeptFurniture', () => {
  it('drops a footer kept for its size from content that stands without it', () => {
    const html = landingPage(12);
    const text = read(html, false);
    expect(text).toContain('Plan 3 covers accidents');
    expect(text).not.toContain('Customer 4 says');
    expect(read(html, true)).toContain('Customer 4 says');
  });

  it('keeps furniture that is the chosen block, or beside too little text', () => {
    const body = (html: string) => parseDocument(html).querySelector('body')!;
    const wrapper = body(
      `<html><body><footer><p>${'Notes on the plan and how to claim. '.repeat(30)}</p></footer></body></html>`,
    );
    const footer = wrapper.querySelector('footer')!;
    dropKeptFurniture([footer], KEPT_FURNITURE_LIMITS);
    expect(footer.textContent).toContain('Notes on the plan');
    dropKeptFurniture([wrapper], KEPT_FURNITURE_LIMITS);
    expect(wrapper.textContent).toContain('Notes on the plan');
    const page = body(
      `<html><body><p>${'Our own words. '.repeat(50)}</p><nav><a href="/a">Menu</a></nav><footer><p>Small print.</p></footer></body></html>`,
    );
    dropKeptFurniture([page], KEPT_FURNITURE_LIMITS);
    expect(page.textContent).toContain('Our own words.');
    expect(page.querySelector('nav, footer')).toBeNull();
  });
});
