import { describe, expect, it } from 'vitest';
import { CONTROLLED_PANEL_LIMITS } from './controlled-panels.js';
import { descendantsOf } from './dom.js';
import { extractHtmlWithDetails } from './extract.js';
import { linkedSectionsOf } from './linked-sections.js';
import { contentRootOf, parseDocument } from './parse.js';

const section = (index: number) =>
  `<div id="topic${index}" class="skip-item"><h2>Part ${index}</h2><p>Mesh systems, part ${index}, spread one network over several units so every room gets a strong signal without a second name.</p></div>`;
const contents = (count: number) =>
  `<ul class="table-of-content">${Array.from({ length: count }, (_, index) => `<li><a href="#topic${index}">Part ${index}</a></li>`).join('')}</ul>`;

const idsOf = (html: string, minSiblings: number) => {
  const document = parseDocument(`<body>${html}</body>`);
  return [...linkedSectionsOf(descendantsOf(contentRootOf(document)), minSiblings)].map((element) =>
    element.getAttribute('id'),
  );
};

describe('linkedSectionsOf', () => {
  it('finds the siblings a table of contents leads to', () => {
    const html = `${contents(3)}<div>${section(0)}${section(1)}${section(2)}</div>`;
    expect(idsOf(html, 3)).toEqual(['topic0', 'topic1', 'topic2']);
    expect(idsOf(html, 4)).toEqual([]);
  });

  it("leaves skip links to a page's few parts, and a named menu, alone", () => {
    const html = `<a href="#main">Skip</a><a href="#menu">Menu</a><a href="#footer">Footer</a>
      <header><div id="menu"><a href="/a">A</a> <a href="/b">B</a></div></header><main id="main"><p>Text</p></main><div id="footer">F</div>`;
    expect(idsOf(html, 3)).toEqual([]);
    // Two skip links to blocks of one parent look like a table of contents of two.
    expect(idsOf(html, 2)).toEqual(['main', 'footer']);
  });

  it("keeps a story's sections that a class names for their links", () => {
    const html = `<html><head><title>Mesh WiFi</title></head><body><main><h1>Mesh WiFi</h1>${contents(4)}
      <div>${[0, 1, 2, 3].map(section).join('')}</div></main></body></html>`;
    const read = (linkedSections: number | false) =>
      extractHtmlWithDetails(html, {
        url: 'https://example.com/mesh',
        controlledPanels: { ...CONTROLLED_PANEL_LIMITS, linkedSections },
        // Headed sections in a run stay by themselves (`headed-runs.ts`); off here, to see the links' part.
        headedRuns: false,
      }).page.text;
    expect(read(3)).toContain('Mesh systems, part 2');
    expect(read(false)).not.toContain('Mesh systems, part 2');
  });
});
