import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { DESKTOP_LAYOUT, type DesktopLayout, layOutForDesktop, shownOnDesktop } from './desktop-layout.js';
import { descendantsOf } from './dom.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';

describe('shownOnDesktop', () => {
  it('reads utility cascades: the largest size variant a desktop reaches wins', () => {
    expect(shownOnDesktop('hidden md:block')).toBe(true);
    expect(shownOnDesktop('sm:flex hidden items-center')).toBe(true);
    expect(shownOnDesktop('md:hidden')).toBe(false);
    expect(shownOnDesktop('hidden md:flex lg:hidden xl:flex')).toBe(true);
    expect(shownOnDesktop('hidden lg:flex xl:hidden')).toBe(false);
    expect(shownOnDesktop('max-lg:hidden')).toBe(true);
    expect(shownOnDesktop('d-none d-lg-block')).toBe(true);
    expect(shownOnDesktop('d-block d-lg-none')).toBe(false);
    expect(shownOnDesktop('block xs-hide md-block')).toBe(true);
    expect(shownOnDesktop('block xs-block md-hide')).toBe(false);
  });

  it('reads a verb and a size in either order, with a direction', () => {
    expect(shownOnDesktop('hidden-xs')).toBe(true);
    expect(shownOnDesktop('visible-xs')).toBe(false);
    expect(shownOnDesktop('hidden-lg')).toBe(false);
    expect(shownOnDesktop('hidden-md-down')).toBe(true);
    expect(shownOnDesktop('hide-for-small-only')).toBe(true);
    expect(shownOnDesktop('show-for-medium')).toBe(true);
    expect(shownOnDesktop('hide-for-medium')).toBe(false);
    expect(shownOnDesktop('elementor-hidden-mobile')).toBe(true);
    expect(shownOnDesktop('elementor-hidden-desktop')).toBe(false);
    expect(shownOnDesktop('ipsResponsive_hidePhone')).toBe(true);
    expect(shownOnDesktop('ipsResponsive_showPhone')).toBe(false);
    expect(shownOnDesktop('mobile-only')).toBe(false);
    expect(shownOnDesktop('desktop-only')).toBe(true);
    // A block's modifier: an accordion on phones, open on a desktop.
    expect(shownOnDesktop('m022-accordion--mobile-only')).toBeUndefined();
    expect(shownOnDesktop('large-up-hide')).toBe(false);
    expect(shownOnDesktop('hide show@medium')).toBe(true);
    expect(shownOnDesktop('hide hide@medium')).toBe(false);
    // A CSS module's classes: the bare base names the rule beside it.
    expect(shownOnDesktop('_hidden_snh3y_1 _hidden-lt-md_snh3y_18')).toBe(true);
    expect(shownOnDesktop('_hidden_snh3y_1 _hidden-gt-md_snh3y_24')).toBe(false);
  });

  it('says nothing of classes that name no screen size', () => {
    for (const className of ['hidden', 'd-none', 'show-more', 'overflow-hidden', 'hidden-900', 'icon-only'])
      expect(shownOnDesktop(className)).toBeUndefined();
    // State variants are no screen size.
    expect(shownOnDesktop('hidden peer-focus-visible:block')).toBeUndefined();
  });

  it('reads a narrower desktop when told', () => {
    expect(shownOnDesktop('hidden xl:block', { rank: 3, hide: true, reveal: true })).toBe(false);
    expect(shownOnDesktop('hidden xl:block')).toBe(true);
  });
});

describe('layOutForDesktop', () => {
  it('marks what the desktop hides and takes the hiding tokens off what it shows', () => {
    const document = parseDocument(
      '<body><div id="a" class="hidden md:block card">Desk</div><div id="b" class="md:hidden">Phone</div></body>',
    );
    layOutForDesktop(descendantsOf(contentRootOf(document)));
    const [desk, phone] = descendantsOf(contentRootOf(document));
    expect(desk?.getAttribute('class')).toBe('md:block card');
    expect(phone?.hasAttribute('hidden')).toBe(true);
  });

  it('stays linear on a page of thousands of responsive blocks', () => {
    const blocks = Array.from(
      { length: 20000 },
      (_, index) =>
        `<div class="hidden md:block c${index % 50} hide-for-small-only x${index}">Item ${index}</div>`,
    ).join('');
    const document = parseDocument(`<body>${blocks}</body>`);
    const elements = descendantsOf(contentRootOf(document));
    const started = cpuClock();
    layOutForDesktop(elements);
    // Generous: the pass reads each distinct class once; a quadratic walk would take minutes.
    expect(started.ms()).toBeLessThan(5000);
    expect(elements.every((element) => !/\bhidden\b/.test(element.getAttribute('class') ?? ''))).toBe(true);
  });
});

const prose = (topic: string) =>
  Array.from(
    { length: 2 },
    (_, index) =>
      `<p>Our ${topic} service, part ${index}, plans the work with your team, sets the budget and reports on progress every week until the project is done.</p>`,
  ).join('');
const section = (topic: string, className = '') =>
  `<section class="${className}"><h2>${topic}</h2>${prose(topic)}</section>`;

describe('reading a responsive page', () => {
  const html = `<html><head><title>Consulting</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/services">Services</a></nav></header>
    <main><h1>Consulting</h1>${section('Strategy')}${section('Operations')}
      ${section('Security reviews', 'hidden lg:block')}${section('Tap to call our team', 'lg:hidden')}
      ${section('Audits')}${section('Training')}
    </main><footer><a href="/privacy">Privacy</a></footer></body></html>`;
  const read = (desktopLayout: false | DesktopLayout) =>
    extractHtmlWithDetails(html, { url: 'https://example.com/consulting', desktopLayout }).page.text;

  it("keeps the desktop's blocks and leaves out the phone's", () => {
    const text = read(DESKTOP_LAYOUT);
    expect(text).toContain('Security reviews');
    expect(text).not.toContain('Tap to call');
  });

  it('reads the classes as before when switched off', () => {
    const text = read(false);
    expect(text).not.toContain('Security reviews');
    expect(text).toContain('Tap to call');
  });
});
