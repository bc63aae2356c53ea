import { describe, expect, it } from 'vitest';
import { revealDisclosedPanels } from './disclosed-panels.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';

/** Enough visible prose that the normal pass is believed (a short page is read again, hidden blocks and all). */
const intro = Array.from(
  { length: 4 },
  (_, index) =>
    `<p>Our certificate in project management, part ${index}, teaches planning, scheduling, budgeting and leading teams through change. Instructors run projects every day.</p>`,
).join('');

function course(index: number, hidden: string): string {
  return `<div class="accordion__item">
    <button aria-expanded="false" aria-controls="course-${index}"><h4>Session ${index}: Scheduling methods</h4></button>
    <div id="course-${index}" role="region" ${hidden}><p>Session ${index} covers critical paths, resource levelling and the earned value of work done, with a case study from a hospital build.</p></div>
  </div>`;
}

function page(body: string): string {
  return `<html><head><title>Project management certificate</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/courses">Courses</a></nav></header>
    <main>${body}</main>
    <footer><a href="/privacy">Privacy</a></footer></body></html>`;
}

// Off, no step shows them: `controlled-panels.ts` shows what an `aria-controls` names too, and
// `disclosure-pairs.ts` a repeated button before its block.
const read = (html: string, panels: boolean) =>
  extractHtmlWithDetails(html, {
    url: 'https://example.edu/certificate',
    panels,
    ...(panels ? {} : { controlledPanels: false, disclosurePairs: false }),
  }).page.text;

describe('revealDisclosedPanels', () => {
  it('keeps the hidden panels of an accordion and the titles on their buttons', () => {
    const hidings = [
      'style="display: none"',
      'hidden',
      'aria-hidden="true"',
      'style="visibility:hidden;height:0"',
    ];
    const html = page(
      `<h1>Project management</h1>${intro}${hidings.map((hiding, index) => course(index, hiding)).join('')}`,
    );
    const shown = read(html, true);
    for (const index of [0, 1, 2, 3]) {
      expect(shown).toContain(`Session ${index}: Scheduling methods`);
      expect(shown).toContain(`Session ${index} covers critical paths`);
    }
    const hidden = read(html, false);
    expect(hidden).not.toContain('Session 0 covers critical paths');
    expect(hidden).not.toContain('Session 0: Scheduling methods');
  });

  it('keeps the hidden panels of tabs (a product description and its specifications)', () => {
    const html = page(`<h1>Walnut desk</h1>
      <div role="tablist"><button role="tab" aria-controls="description">Description</button><button role="tab" aria-controls="specs">Specifications</button></div>
      <div id="description" role="tabpanel">${intro.replaceAll('certificate in project management', 'walnut desk')}</div>
      <div id="specs" role="tabpanel" style="display:none"><p>The desk is 140 centimetres wide, 70 deep and 74 high. It holds up to 80 kilograms on its top.</p><p>The drawer runs on soft-closing slides. The cable tray takes a power strip.</p></div>`);
    expect(read(html, true)).toContain('holds up to 80 kilograms');
    expect(read(html, false)).not.toContain('holds up to 80 kilograms');
  });

  it('shows a panel hidden by its collapsing wrapper, named by its region', () => {
    const html = page(`<h1>Fire pit</h1>${intro}
      <h2><button id="care-button" aria-expanded="false">Care and cleaning</button></h2>
      <div class="collapse" style="overflow:hidden;display:none"><div role="region" aria-labelledby="care-button">
      <p>Wipe the steel with a soft brush once it has cooled. A patina forms over time and is normal.</p><p>Store it covered and dry between uses.</p></div></div>`);
    const shown = read(html, true);
    expect(shown).toContain('Care and cleaning');
    expect(shown).toContain('A patina forms over time');
    expect(read(html, false)).not.toContain('A patina forms over time');
  });

  it('leaves drop-down menus hidden: in the header, or made of links', () => {
    const links = Array.from(
      { length: 8 },
      (_, index) => `<a href="/p/${index}">Product line ${index}</a>`,
    ).join(' ');
    const document = parseDocument(`<html><body>
      <header><button aria-expanded="false" aria-controls="menu">Products</button><div id="menu" hidden><p>Header panel text</p></div></header>
      <div><button aria-expanded="false" aria-controls="more">More</button><div id="more" style="display:none">${links}</div></div>
      </body></html>`);
    const root = contentRootOf(document);
    revealDisclosedPanels(root);
    expect(root.querySelector('#menu')?.hasAttribute('hidden')).toBe(true);
    expect(root.querySelector('#more')?.getAttribute('style')).toBe('display:none');
    expect(root.querySelectorAll('button')).toHaveLength(2);
  });

  it('stays linear on thousands of panels', () => {
    const items = Array.from(
      { length: 5000 },
      (_, index) =>
        `<button aria-expanded="false" aria-controls="p${index}">Q${index}</button><div id="p${index}" hidden><p>Answer ${index}</p></div>`,
    ).join('');
    const root = contentRootOf(parseDocument(`<html><body><main>${items}</main></body></html>`));
    revealDisclosedPanels(root);
    // Past the cap the page is left as it came.
    expect(root.querySelectorAll('[hidden]')).toHaveLength(5000);
  });
});
