import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { DISCLOSURE_PAIR_LIMITS, revealDisclosurePairs } from './disclosure-pairs.js';
import { descendantsOf } from './dom.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';

const reveal = (html: string, settings: Partial<typeof DISCLOSURE_PAIR_LIMITS> = {}) => {
  const document = parseDocument(`<body>${html}</body>`);
  revealDisclosurePairs(descendantsOf(contentRootOf(document)), { ...DISCLOSURE_PAIR_LIMITS, ...settings });
  return document;
};

/** One question of an accordion without ARIA: the answer hidden by a utility class until a click. */
const question = (title: string, answer: string) =>
  `<div class="faq-item"><button type="button" class="flex justify-between"><h5>${title}</h5></button>
   <div class="text-sm text-gray hidden"><p>${answer}</p></div></div>`;

const faq = [
  question(
    'How much does a web app cost?',
    'The cost depends on the features, the team and how long it takes.',
  ),
  question(
    'Who uses progressive web apps?',
    'Shops, newspapers and airlines use them, for readers who will not install one more app.',
  ),
  question(
    'Will they replace native apps?',
    'Not soon: native apps still reach parts of the phone the web cannot.',
  ),
].join('');

describe('revealDisclosurePairs', () => {
  it("shows the answers a repeated button opens, and with titles keeps the buttons' text", () => {
    const document = reveal(faq);
    expect(document.querySelectorAll('.hidden')).toHaveLength(0);
    expect(document.querySelectorAll('.text-sm')).toHaveLength(3);
    expect(document.querySelectorAll('button')).toHaveLength(3);
    const titled = reveal(faq, { titles: true });
    expect(titled.querySelectorAll('.hidden')).toHaveLength(0);
    expect(titled.querySelector('button')).toBeNull();
  });

  it('reads a page with its answers on (and questions with titles), and without them off', () => {
    const html = `<html><head><title>PWA development</title></head><body><main><h1>PWA development</h1>
      <p>We build progressive web apps for companies that want one code base for every screen.</p>
      <h2>Frequently asked questions</h2>${faq}</main></body></html>`;
    const on = extractHtmlWithDetails(html, { url: 'https://example.com/pwa' }).page.text;
    expect(on).toContain('Shops, newspapers and airlines');
    expect(on).not.toContain('Who uses progressive web apps?');
    const titled = extractHtmlWithDetails(html, {
      url: 'https://example.com/pwa',
      disclosurePairs: { ...DISCLOSURE_PAIR_LIMITS, titles: true },
    }).page.text;
    expect(titled).toContain('Who uses progressive web apps?');
    expect(titled).toContain('Shops, newspapers and airlines');
    const off = extractHtmlWithDetails(html, { url: 'https://example.com/pwa', disclosurePairs: false }).page
      .text;
    expect(off).not.toContain('Shops, newspapers and airlines');
    expect(off).not.toContain('Who uses progressive web apps?');
  });

  it('leaves a single pair, a short label and a block of choices alone', () => {
    const single = reveal(question('How much does a web app cost?', 'It depends on the features you need.'));
    expect(single.querySelectorAll('.hidden')).toHaveLength(1);
    const labels = reveal(
      Array.from(
        { length: 3 },
        () => '<div><button>Quick shop now</button><span class="hidden">6 colours</span></div>',
      ).join(''),
    );
    expect(labels.querySelectorAll('button')).toHaveLength(3);
    // A filter's facet: its options are controls.
    const facets = reveal(
      Array.from(
        { length: 3 },
        (_, index) =>
          `<div class="facet"><button>Size ${index}</button><div class="options hidden"><label><input type="checkbox"> Small, up to forty centimetres</label><label><input type="checkbox"> Large, over sixty centimetres</label></div></div>`,
      ).join(''),
    );
    expect(facets.querySelectorAll('.hidden')).toHaveLength(3);
    expect(facets.querySelectorAll('button')).toHaveLength(3);
  });

  it('leaves a row of look-alike buttons, tooltips and menus alone', () => {
    const row = reveal(
      `<ul>${Array.from({ length: 5 }, (_, index) => `<li><button>Plan ${index}</button></li>`).join('')}</ul>`,
    );
    expect(row.querySelectorAll('button')).toHaveLength(5);
    const tooltips = reveal(
      Array.from(
        { length: 3 },
        () =>
          '<li><button>Articles of organization</button><div role="tooltip" class="hidden">The document that outlines the basic details of your company, filed with the state.</div></li>',
      ).join(''),
    );
    expect(tooltips.querySelectorAll('.hidden')).toHaveLength(3);
    const menu = reveal(
      `<nav>${Array.from({ length: 3 }, () => '<div><button>Products</button><div class="hidden"><p>Everything we make for the kitchen and the garden.</p></div></div>').join('')}</nav>`,
    );
    expect(menu.querySelectorAll('.hidden')).toHaveLength(3);
  });

  it('stays linear on thousands of pairs and nested blocks', () => {
    const pairs = Array.from(
      { length: 5000 },
      () =>
        '<div><button>Question here</button><div class="hidden">An answer much longer than it.</div></div>',
    ).join('');
    const nested = `${'<div>'.repeat(5000)}${pairs}${'</div>'.repeat(5000)}`;
    const document = parseDocument(`<body>${nested}</body>`);
    const elements = descendantsOf(contentRootOf(document));
    const started = cpuClock();
    revealDisclosurePairs(elements, DISCLOSURE_PAIR_LIMITS);
    // Generous: past its cap of pairs it stops; reading every block's text would take seconds.
    expect(started.ms()).toBeLessThan(2000);
  });

  it('stays linear on thousands of buttons in one parent', () => {
    const row = '<button>Buy</button><span>x</span>'.repeat(30000);
    const document = parseDocument(`<body><div>${row}</div></body>`);
    const elements = descendantsOf(contentRootOf(document));
    const started = cpuClock();
    revealDisclosurePairs(elements, DISCLOSURE_PAIR_LIMITS);
    // Generous: listing a parent's 60,000 children for each button took seconds.
    expect(started.ms()).toBeLessThan(2000);
    expect(document.querySelectorAll('button')).toHaveLength(30000);
  });
});
