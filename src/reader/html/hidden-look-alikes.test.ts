import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { descendantsOf } from './dom.js';
import { extractHtmlWithDetails } from './extract.js';
import { revealHiddenLookAlikes } from './hidden-look-alikes.js';
import { contentRootOf, parseDocument } from './parse.js';

const intro = `<h1>Plan your week</h1>${[
  'Templates for every part of your life, ready to copy into your own projects in one click.',
  'Each one comes with sections, due dates and labels you can change to suit the way you work.',
  'Pick a category below to see what other people use to run their work, their studies and their home.',
  'Every template is free, works on every device, and can be shared with the people you plan with.',
  'When a template is not quite right, duplicate it and make it your own in a couple of minutes.',
]
  .map((sentence) => `<p>${sentence}</p>`)
  .join('')}`;

/** The site's menu: on a page this size, the tabs are too small a share to be kept as a group of items. */
const menu = `<nav>${Array.from({ length: 120 }, (_, index) => `<a href="/templates/${index}">Template number ${index}</a>`).join(' ')}</nav>`;

const card = (title: string, summary: string) =>
  `<li><a href="/templates/${title.toLowerCase().replace(/ /g, '-')}">${title}</a> <span>${summary}</span></li>`;

/** Tabs whose hidden panels carry Tailwind's `hidden` class beside the one shown. */
const tabsPage = `<html><body>${menu}<main>${intro}
  <div class="grid">
    <ul class="templates-list">${card('Accounting tasks', 'Keep your books, receipts and invoices organised in one place.')}${card('Meeting agenda', 'Waste less time in meetings and leave each one with clear actions.')}</ul>
    <ul class="templates-list hidden">${card('Class planning', 'Keep the many details of your class plans organised and at hand.')}${card('Language learning', 'Set a goal, pick a method and make a habit of learning every day.')}</ul>
    <ul class="templates-list hidden">${card('Blog post', 'Go from inspiration to publication with a checklist for each post.')}${card('Event planning', 'Make sure no crucial detail of the event slips through the cracks.')}</ul>
  </div></main></body></html>`;

/** One section written once per screen size, every copy hidden by class on the screens it is not for. */
const variantsPage = `<html><body>${menu}<main>
  <div class="stage">
    <div class="ssr-variant hidden-c64fhs hidden-sz3upx"><section><h2>Move the needle</h2><p>Teams plan, build and ship together on one canvas, from the first idea to the launch review.</p></section></div>
    <div class="ssr-variant hidden-v27ra6 hidden-sz3upx"><section><h2>Move the needle</h2><p>Teams plan, build and ship together on one canvas, from the first idea to the launch review.</p></section></div>
    <div class="ssr-variant hidden-c64fhs hidden-v27ra6"><section><h2>Move the needle</h2><p>Teams plan, build and ship together on one canvas, from the first idea to the launch review.</p></section></div>
  </div>${intro}</main></body></html>`;

const read = (html: string, hiddenLookAlikes = true) =>
  extractHtmlWithDetails(html, { url: 'https://example.com/templates', hiddenLookAlikes }).page.text;

describe('revealHiddenLookAlikes', () => {
  it('reads every tab of a set whose hidden panels are hidden by class', () => {
    const text = read(tabsPage);
    expect(text).toContain('Keep your books, receipts and invoices');
    expect(text).toContain('Keep the many details of your class plans');
    expect(text).toContain('Go from inspiration to publication');
  });

  it('reads one copy of a section written once per screen size', () => {
    const text = read(variantsPage);
    expect(text.split('Teams plan, build and ship together').length - 1).toBe(1);
  });

  it('is what turning it off loses', () => {
    expect(read(tabsPage, false)).not.toContain('Keep the many details of your class plans');
    expect(read(variantsPage, false)).not.toContain('Teams plan, build and ship together');
  });

  it('leaves hidden a copy of the one block the page shows', () => {
    const page = `<html><body><main>${intro}<div>
      <div class="promo-strip"><p>Free shipping on every order over fifty euros, this week only.</p></div>
      <div class="promo-strip hidden"><p>Free shipping on every order over fifty euros, this week only.</p></div>
    </div></main></body></html>`;
    const text = read(page);
    expect(text.split('Free shipping on every order').length - 1).toBeLessThanOrEqual(1);
  });

  it('stays linear on look-alike tabs nested hundreds deep', () => {
    let nested = '<p>end</p>';
    for (let level = 0; level < 500; level++)
      nested = `<div class="tab">${'shown words '.repeat(40)}</div><div class="tab hidden">${'hidden words '.repeat(40)}${nested}</div>`;
    const document = parseDocument(`<body>${nested}</body>`);
    const started = cpuClock();
    revealHiddenLookAlikes(descendantsOf(contentRootOf(document)));
    // Generous: each tab's opening is read once; reading each tab's whole text takes 15 s at this size.
    expect(started.ms()).toBeLessThan(3000);
    expect(document.querySelectorAll('.hidden').length).toBe(0);
  });
});
