import { describe, expect, it } from 'vitest';
import { collapsedLengthOf, normalizedLengthOf, normalizeSpace } from './dom.js';
import { measure } from './stats.js';
import { parseHtml } from './tree/index.js';

describe('normalizedLengthOf', () => {
  it('counts what normalizeSpace keeps of an element’s text, across texts, elements and every kind of space', () => {
    const pieces = [
      'a',
      'bc',
      ' ',
      '  ',
      '\n',
      '\t',
      '\u00a0',
      '\u200b',
      '\u2003',
      '\u3000',
      '\ufeff',
      'é',
      '😀',
    ];
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 300; round++) {
      let html = '';
      for (let part = random(12); part > 0; part--) {
        const piece = pieces[random(pieces.length)]!;
        html += random(4) === 0 ? `<span>${piece}</span>` : random(5) === 0 ? `&amp;${piece}` : piece;
      }
      const element = parseHtml(`<div>${html}</div>`).firstElementChild!;
      expect(normalizedLengthOf(element), JSON.stringify(html)).toBe(
        normalizeSpace(element.textContent).length,
      );
      // The counts written for speed give what the regular expressions they replace give.
      expect(collapsedLengthOf(element)).toBe(element.textContent.replace(/\s+/g, ' ').length);
      let textLength = 0;
      for (let node = element.firstChild; node !== null; node = node.nextSibling) {
        const collapsed = node.textContent.replace(/\s+/g, ' ');
        textLength += collapsed === ' ' ? 0 : collapsed.length;
      }
      expect(measure(element).get(element)?.textLength).toBe(textLength);
      if (element.firstChild)
        expect(normalizedLengthOf(element.firstChild)).toBe(
          normalizeSpace(element.firstChild.textContent).length,
        );
    }
  });
});
