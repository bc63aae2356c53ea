import { describe, expect, it } from 'vitest';
import { fakeSource } from '../../testing/fake-reader.js';
import { excerptPage, excerptText } from './page-excerpts.js';

/** A paragraph of about 60 words (one excerpt passage): `topic` words, `mentions` times each, then filler. */
function paragraph(topic: string, mentions: number, filler: string): string {
  const named = topic.split(' ');
  const words = [...Array(mentions).fill(topic), ...Array(60 - mentions * named.length).fill(filler)];
  return `${words.join(' ')}.`;
}

// Passages: the lead, four on the foundations' depth and concrete, four that name depth and concrete
// once in passing, and four about the lifts.
const page = fakeSource('https://example.com/tower', {
  text: [
    paragraph('tower', 3, 'intro'),
    ...[1, 2, 3, 4].map((index) => paragraph('foundations depth concrete', 3, `strong${index}`)),
    ...[1, 2, 3, 4].map((index) => paragraph('depth concrete', 1, `weak${index}`)),
    ...[1, 2, 3, 4].map((index) => paragraph('lifts', 10, `lift${index}`)),
  ].join('\n\n'),
});

describe('excerptPage', () => {
  it('reads deeper into a page for a deep-dive sub-question than for another', () => {
    const plain = excerptText(excerptPage(page, ['foundations depth concrete', 'lifts'], 6_000));
    expect(plain).toContain('strong4');
    expect(plain).not.toContain('weak1');
    const deep = excerptText(
      excerptPage(
        page,
        [
          { text: 'foundations depth concrete', deep: true },
          { text: 'lifts', deep: false },
        ],
        6_000,
      ),
    );
    for (const word of ['strong4', 'weak1', 'weak4', 'lift1']) expect(deep).toContain(word);
  });

  it('gives a deep-dive two turns for each of the others when the budget is short', () => {
    const short = (deep: boolean) =>
      excerptText(
        excerptPage(
          page,
          [
            { text: 'foundations depth concrete', deep },
            { text: 'lifts', deep: false },
          ],
          2_400,
        ),
      );
    const count = (text: string, prefix: string) =>
      (text.match(new RegExp(`${prefix}\\d`, 'g')) ?? []).length;
    const even = short(false);
    const deeper = short(true);
    expect(count(deeper, 'strong')).toBeGreaterThan(count(even, 'strong'));
    expect(count(deeper, 'lift')).toBeGreaterThan(0);
  });
});
