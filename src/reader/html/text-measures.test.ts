import { describe, expect, it } from 'vitest';
import { collapsedLengthOf, normalizedLengthOf, normalizeSpace } from './dom.js';
import { measure } from './stats.js';
import { hasSpaceToCollapse, measuresOf } from './text-measures.js';
import { parseHtml, Text } from './tree/index.js';

const pieces = ['a', 'bc', ',', '\uff0c', '\u3001', ' ', '  ', '\n', '\u00a0', '\u200b', '\u3000', '😀', 'é'];

describe('measuresOf', () => {
  it('reads what the regular expressions the measures stand for read, on random texts', () => {
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 2000; round++) {
      let data = '';
      for (let part = random(10); part > 0; part--) data += pieces[random(pieces.length)];
      const measures = measuresOf(new Text(data));
      const label = JSON.stringify(data);
      expect(measures.collapsed, label).toBe(data.replace(/\s+/g, ' ').length);
      expect(measures.normalized, label).toBe(normalizeSpace(data).length);
      expect(measures.commas, label).toBe(data.replace(/[^,\uff0c\u3001]/g, '').length);
      expect(measures.whiteStart, label).toBe(/^\s/.test(data));
      expect(measures.whiteEnd, label).toBe(/\s$/.test(data));
      expect(measures.spaceStart, label).toBe(/^[\s\u200b]/.test(data));
      expect(measures.spaceEnd, label).toBe(/[\s\u200b]$/.test(data));
      expect(hasSpaceToCollapse(data, false), label).toBe(data.replace(/\s+/g, ' ') !== data);
      expect(hasSpaceToCollapse(data, true), label).toBe(data.replace(/[\s\u200b]+/g, ' ') !== data);
      expect(normalizeSpace(data), label).toBe(data.replace(/[\s\u00a0\u200b]+/g, ' ').trim());
    }
  });

  it('reads a text again once its data changed', () => {
    const element = parseHtml('<div><p>one, two</p> <p>three</p></div>').firstElementChild!;
    expect(normalizedLengthOf(element)).toBe('one, two three'.length);
    expect(measure(element).get(element)?.commas).toBe(1);
    const text = element.firstElementChild!.firstChild as Text;
    text.data = ' four,, five , ';
    expect(normalizedLengthOf(element)).toBe(normalizeSpace(element.textContent).length);
    expect(collapsedLengthOf(element)).toBe(element.textContent.replace(/\s+/g, ' ').length);
    expect(measure(element).get(element)?.commas).toBe(3);
    text.data += 'six';
    expect(normalizedLengthOf(element)).toBe(normalizeSpace(element.textContent).length);
  });
});
