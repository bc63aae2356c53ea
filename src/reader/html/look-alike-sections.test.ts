import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtmlWithDetails } from './extract.js';
import { LOOK_ALIKE_SECTION_LIMITS, withLookAlikeSections } from './look-alike-sections.js';
import { parseDocument } from './parse.js';

const bodyOf = (html: string) => parseDocument(`<html><body>${html}</body></html>`).querySelector('body')!;

const prose = (words: string) =>
  `<p>${words} and the team plans each step with you, so the work ends on time.</p>`;

/** A service's landing page: three look-alike bands, the middle one outweighing the others. */
function landingPage(): string {
  const long = (words: string) =>
    `<p>${words}: our team plans every step with you, so that the work ends on time and on budget, whatever the size of the job.</p>`;
  const band = (heading: string, paragraphs: string[], aside = '') =>
    `<section class="band"><div class="wrap"><div class="text"><h2>${heading}</h2>${paragraphs.map(long).join('')}</div>${aside}</div></section>`;
  return `<html><head><title>Kitchens</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${band('Design', ['We design kitchens'])}${band('Build', ['We build kitchens', 'We fit kitchens', 'We tile kitchens', 'We wire kitchens', 'We plumb kitchens'], '<div class="aside"><a href="/call">Call us</a></div>')}${band('Care', ['We care for kitchens'])}</main>
    <footer><a href="/privacy">Privacy</a></footer></body></html>`;
}

describe('withLookAlikeSections', () => {
  it("reads a landing page's look-alike bands whole when on, the best band alone when off", () => {
    const read = (on: boolean) =>
      extractHtmlWithDetails(landingPage(), {
        url: 'https://example.com/kitchens',
        lookAlikeSections: on ? LOOK_ALIKE_SECTION_LIMITS : false,
      }).page.text;
    expect(read(true)).toMatch(/We design kitchens[\s\S]*We build kitchens[\s\S]*We care for kitchens/);
    expect(read(false)).toContain('We build kitchens');
    expect(read(false)).not.toContain('We design kitchens');
  });

  it("leaves a story page's look-alike blocks out unless told to read them", () => {
    const story = landingPage().replace('<title>', '<meta property="og:type" content="article"><title>');
    const read = (stories: boolean) =>
      extractHtmlWithDetails(story, {
        url: 'https://example.com/kitchens',
        lookAlikeSections: { ...LOOK_ALIKE_SECTION_LIMITS, stories },
      }).page.text;
    expect(read(false)).not.toContain('We design kitchens');
    expect(read(true)).toContain('We design kitchens');
  });

  it('adds the look-alike sections beside the chosen one and its ancestors, in document order', () => {
    const body = bodyOf(`
      <section class="band first"><div class="inner"><h2>Design</h2>${prose('We design kitchens')}</div></section>
      <section class="band"><div class="inner"><h2>Build</h2>${prose('We build kitchens')}</div>
        <div class="inner"><h2>Fit</h2>${prose('We fit kitchens')}</div></section>
      <section class="band"><h2>Care</h2>${prose('We care for kitchens')}</section>`);
    const chosen = body.querySelectorAll('div.inner')[1]!;
    const content = withLookAlikeSections([chosen], body, LOOK_ALIKE_SECTION_LIMITS);
    const headings = content.map((element) => element.querySelector('h2')?.textContent);
    expect(headings).toEqual(['Design', 'Build', 'Fit', 'Care']);
  });

  it('leaves blocks of another kind, bare blocks and look-alike menus out', () => {
    const links = Array.from(
      { length: 8 },
      (_, index) => `<a href="/p/${index}">Product number ${index}</a>`,
    ).join(' ');
    const body = bodyOf(`
      <div class="band"><h2>Our work</h2>${prose('We paint houses')}</div>
      <div class="band">${links}</div>
      <div class="promo">${prose('Save now on paint')}</div>
      <div>${prose('Cookies are used')}</div>`);
    const chosen = body.querySelector('div.band')!;
    expect(withLookAlikeSections([chosen], body, LOOK_ALIKE_SECTION_LIMITS)).toEqual([chosen]);
  });

  it('stays linear over thousands of look-alike siblings', () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, index) => `<div class="row"><p>Row ${index} text.</p></div>`,
    );
    const body = bodyOf(`<main class="page">${rows.join('')}</main>`);
    const chosen = body.querySelector('div.row')!;
    const started = cpuClock();
    const content = withLookAlikeSections([chosen], body, { ...LOOK_ALIKE_SECTION_LIMITS, heading: 'none' });
    expect(content.length).toBe(20_000);
    expect(content[19_999]!.textContent).toBe('Row 19999 text.');
    // Generous: the walk takes a few tens of milliseconds; a pairwise one takes minutes.
    expect(started.ms()).toBeLessThan(5_000);
  });
});
