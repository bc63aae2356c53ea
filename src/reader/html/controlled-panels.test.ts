import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { CONTROLLED_PANEL_LIMITS, revealControlledPanels } from './controlled-panels.js';
import { descendantsOf } from './dom.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';

const reveal = (html: string, settings: Partial<typeof CONTROLLED_PANEL_LIMITS> = {}) => {
  const document = parseDocument(`<body>${html}</body>`);
  revealControlledPanels(descendantsOf(contentRootOf(document)), { ...CONTROLLED_PANEL_LIMITS, ...settings });
  return document;
};

const hiddenCount = (document: ReturnType<typeof parseDocument>) =>
  Array.from(document.querySelectorAll('[style], [hidden]')).filter(
    (element) => element.hasAttribute('hidden') || /none/.test(element.getAttribute('style') ?? ''),
  ).length;

/** An accordion of one component: every copy numbers its panels from 0, as the page repeats it. */
const accordion = (title: string, answer: string) =>
  `<div class="accordion"><a role="button" aria-controls="item_0_content" id="item_0_header"><span>${title}</span></a>
   <div id="item_0_content" style="display:none;" role="region"><p>${answer}</p></div></div>`;

describe('revealControlledPanels', () => {
  it('shows the panel a button names, though the button says neither tab nor open', () => {
    const document = reveal(`<button type="button" aria-controls="p1">How long does it take?</button>
      <div id="p1" aria-labelledby="t1" style="display: none;"><p>About six weeks from contract to power.</p></div>`);
    expect(hiddenCount(document)).toBe(0);
    // The button becomes a block, so the question stays when cleaning drops buttons.
    expect(document.querySelector('button')).toBeNull();
    expect(contentRootOf(document).textContent).toContain('How long does it take?');
  });

  it('matches repeated ids to the panel that follows each control', () => {
    const document = reveal(
      accordion('Site visit', 'An engineer checks the roof.') +
        accordion('Permits', 'The installer files the paperwork.'),
    );
    expect(hiddenCount(document)).toBe(0);
  });

  it("leaves a navigation's drop-down and a panel of links hidden", () => {
    const document = reveal(`<nav><button aria-controls="m1">Products</button></nav>
      <div id="m1" hidden><p>Our range of products for every room.</p></div>
      <button aria-controls="m2">More</button>
      <div id="m2" hidden><a href="/a">Alpha products</a> <a href="/b">Beta products</a></div>`);
    expect(hiddenCount(document)).toBe(2);
  });

  it('reads a toggle by its target or href only with anchors', () => {
    const html = `<a href="#answer" data-toggle="collapse">Is it waterproof?</a>
      <div id="answer" class="collapse" style="display:none"><p>Yes, to thirty metres.</p></div>`;
    expect(hiddenCount(reveal(html))).toBe(1);
    expect(hiddenCount(reveal(html, { anchors: true }))).toBe(0);
  });

  it("with headed, shows a hidden block that a shown heading titles, and keeps its button's title", () => {
    const html = `<h3><button aria-expanded="false"><p>Cushioning</p></button></h3>
      <div aria-hidden="true" hidden><p>The midsole foam plays into comfort.</p></div>
      <h3 hidden>Old</h3><div hidden><p>Withdrawn offer.</p></div>
      <p>Lead</p><div hidden><p>Not titled.</p></div>`;
    expect(hiddenCount(reveal(html))).toBe(4);
    const document = reveal(html, { headed: true });
    expect(hiddenCount(document)).toBe(3);
    expect(document.querySelector('button')).toBeNull();
    expect(contentRootOf(document).textContent).toContain('Cushioning');
  });

  it('stays linear on thousands of controls and nested blocks', () => {
    const controls = Array.from(
      { length: 5000 },
      (_, index) =>
        `<a role="button" aria-controls="x${index % 50}">t</a><div id="x${index % 50}" hidden>p</div>`,
    ).join('');
    const nested = `${'<div>'.repeat(5000)}${controls}${'</div>'.repeat(5000)}`;
    const document = parseDocument(`<body>${nested}</body>`);
    const elements = descendantsOf(contentRootOf(document));
    const started = cpuClock();
    revealControlledPanels(elements, CONTROLLED_PANEL_LIMITS);
    // Generous: past its cap of controls it stops; walking up 5,000 ancestors for each would take seconds.
    expect(started.ms()).toBeLessThan(2000);
  });

  it("keeps an accordion's answers in the extraction when on", () => {
    const prose = (topic: string) =>
      Array.from(
        { length: 3 },
        (_, index) =>
          `<p>${topic}, step ${index}, turns on the bill, the roof and the installer you choose for the work.</p>`,
      ).join('');
    const answer =
      'An engineer checks the roof and the wiring before the design, measures the shade over the day and the angle of each face, and notes what the panel on the wall can carry.';
    const html = `<html><head><title>Solar</title></head><body><main><h1>Solar installation</h1>${prose('Planning')}
      ${accordion('Site visit', answer)}${prose('Installing')}</main></body></html>`;
    const read = (controlledPanels: typeof CONTROLLED_PANEL_LIMITS | false) =>
      extractHtmlWithDetails(html, { url: 'https://example.com/solar', controlledPanels }).page.text;
    expect(read(CONTROLLED_PANEL_LIMITS)).toContain('checks the roof and the wiring');
    expect(read(false)).not.toContain('checks the roof and the wiring');
  });
});
