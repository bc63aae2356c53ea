import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { descendantsOf } from './dom.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';
import { revealSiblingPanels } from './sibling-panels.js';

const specs = (name: string) =>
  `<table><tr><th>${name} brand</th><td>Acme</td></tr><tr><th>${name} memory</th><td>12 GB GDDR6X</td></tr><tr><th>${name} clock</th><td>2475 MHz boost</td></tr></table>`;

describe('revealSiblingPanels', () => {
  it('shows the hidden look-alikes of the one shown panel', () => {
    const document = parseDocument(`<body><div class="tab-panes">
      <div class="tab-pane active" style="display:block"><p>Overview of the card.</p></div>
      <div class="tab-pane" style="display:none">${specs('Specs')}</div>
      <div class="tab-pane" style="color: red; display: none;"><p>Warranty: three years.</p></div>
    </div></body>`);
    revealSiblingPanels(descendantsOf(contentRootOf(document)));
    const styles = Array.from(document.querySelectorAll('.tab-pane')).map((pane) =>
      pane.getAttribute('style'),
    );
    expect(styles.some((style) => /none/.test(style ?? ''))).toBe(false);
  });

  it('shows panels hidden by the `hidden` attribute', () => {
    const document = parseDocument(`<body><div>
      <div class="tab__content is-active"><p>Audit readiness.</p></div>
      <div class="tab__content" hidden><p>Framework selection and adoption.</p></div>
    </div></body>`);
    revealSiblingPanels(descendantsOf(contentRootOf(document)));
    expect(document.querySelectorAll('[hidden]').length).toBe(0);
    expect(document.querySelectorAll('.tab__content').length).toBe(2);
  });

  it('leaves alone hidden blocks that no shown look-alike sits beside', () => {
    const document = parseDocument(`<body><div>
      <div class="menu" style="display:none"><a href="/a">A</a></div>
      <div class="banner"><p>Sale</p></div>
      <div class="slide" style="display:none"><p>One</p></div><div class="slide" style="display:none"><p>Two</p></div>
    </div></body>`);
    revealSiblingPanels(descendantsOf(contentRootOf(document)));
    const hidden = Array.from(document.querySelectorAll('[style]')).filter((element) =>
      /none/.test(element.getAttribute('style') ?? ''),
    );
    expect(hidden.length).toBe(3);
  });

  it('stays linear on a parent of thousands of hidden and shown children', () => {
    const children = Array.from(
      { length: 20000 },
      (_, index) =>
        `<div class="item c${index % 7}" style="${index % 2 ? 'display:none' : ''}">Item ${index}</div>`,
    ).join('');
    const document = parseDocument(`<body><div>${children}</div></body>`);
    const elements = descendantsOf(contentRootOf(document));
    const started = cpuClock();
    revealSiblingPanels(elements);
    // Generous: each child is read once; matching every hidden child to every shown one takes minutes.
    expect(started.ms()).toBeLessThan(5000);
  });

  it("keeps a product's specifications from a tab hidden until clicked", () => {
    const prose = Array.from(
      { length: 4 },
      (_, index) =>
        `<p>The card, part ${index}, renders games at high frame rates with ray tracing, stays quiet under load and fits most cases.</p>`,
    ).join('');
    const html = `<html><head><title>Graphics card</title></head><body><main><h1>Graphics card</h1>${prose}
      <div class="tab-panes"><div class="tab-pane" style="display:block"><p>Overview: a fast card.</p></div>
      <div class="tab-pane" style="display:none">${specs('Card')}</div></div></main></body></html>`;
    const read = (siblingPanels: boolean) =>
      extractHtmlWithDetails(html, { url: 'https://example.com/card', siblingPanels }).page.text;
    expect(read(true)).toContain('12 GB GDDR6X');
    expect(read(false)).not.toContain('12 GB GDDR6X');
  });
});
