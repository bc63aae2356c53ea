import { describe, expect, it } from 'vitest';
import { extractHtml } from './index.js';

const sentence = (index: number) =>
  `Card ${index} tells of the harbour plan that was discussed at length by everyone.`;

const read = (body: string) =>
  extractHtml(
    `<html><head><title>Harbour</title><meta property="og:type" content="article"></head><body><article><h1>Harbour</h1>${body}</article></body></html>`,
    { url: 'https://example.com/harbour' },
  );

/** Card links (`<a><div>`) `depth` deep, a paragraph with a line break and a quote at each level. */
const cards = (depth: number) =>
  `${Array.from({ length: depth }, (_, index) => `<a href="/card/${index}"><div><p>${sentence(index)}<br>Line two of card ${index}.</p><blockquote><p>Quote of card ${index}.</p></blockquote>`).join('')}${'</div></a>'.repeat(depth)}`;

describe('blocks inside inline content (card links)', () => {
  it('keeps every level of a chain 150 deep, in order, and leaves no stand-in in the output', () => {
    const { markdown, text } = read(cards(150));
    let from = 0;
    for (let index = 0; index < 150; index++) {
      const at = markdown.indexOf(sentence(index), from);
      expect(at, `card ${index}`).toBeGreaterThan(from - 1);
      from = at;
      expect(text).toContain(`Quote of card ${index}.`);
    }
    // The renderer's marks are the control characters U+0000 to U+0002.
    const marks = ['\u0000', '\u0001', '\u0002'];
    for (const mark of marks) expect(markdown + text).not.toContain(mark);
  });

  it('writes a block the same at any depth of inline content', () => {
    const blocksOf = (markdown: string, index: number) =>
      markdown
        .split('\n\n')
        .filter((block) => block.includes(`card ${index}.`) || block.includes(sentence(index)));
    const shallow = blocksOf(read(cards(2)).markdown, 1);
    const deep = read(cards(60)).markdown;
    expect(shallow.length).toBeGreaterThan(1);
    expect(blocksOf(deep, 1)).toEqual(shallow);
    expect(blocksOf(deep, 59)).toEqual(
      shallow.map((block) => block.replaceAll('card 1', 'card 59').replace('Card 1 ', 'Card 59 ')),
    );
  });
});
