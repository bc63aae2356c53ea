import { describe, expect, it } from 'vitest';
import { splitPassages as readerPassages, type Source } from '../../reader/index.js';
import { seededRandom } from '../../shared/index.js';
import { fakeSource } from '../../testing/fake-reader.js';
import { createKnowledge, splitPassages } from './knowledge.js';

describe('knowledge', () => {
  it('gives the passages most relevant to the question first, within the character cap', () => {
    const knowledge = createKnowledge();
    knowledge.addSource(
      fakeSource('https://example.com/a', {
        title: 'Cooking',
        text: 'Pasta needs salted water.\n\nBread needs yeast and time.\n\nThe Eiffel Tower is 330 metres tall.',
      }),
    );
    knowledge.addSource(
      fakeSource('https://example.com/b', { title: 'Other', text: 'Tower cranes lift steel.' }),
    );
    const top = knowledge.topPassages('How tall is the Eiffel Tower', 60);
    expect(top[0]?.text).toBe('The Eiffel Tower is 330 metres tall.');
    expect(top.reduce((sum, passage) => sum + passage.text.length, 0)).toBeLessThanOrEqual(60);
  });

  it('splits long text into bounded passages', () => {
    const text = `${'A sentence of words. '.repeat(200)}\n\nShort tail.`;
    const passages = splitPassages(text, 300);
    expect(passages.length).toBeGreaterThan(10);
    expect(passages.every((passage) => passage.length <= 300)).toBe(true);
    expect(passages.at(-1)).toContain('Short tail.');
  });

  it('ranks passages of pages read once as it ranks their texts read one by one, wrong offsets included', () => {
    const words = [
      'iron',
      'Tower',
      'wrought',
      '1889',
      'Fair',
      'Straße',
      'naïve',
      '東京タワー',
      'steel',
      'Paris',
    ];
    const random = seededRandom(7);
    const sentence = () =>
      `${Array.from({ length: 3 + Math.floor(random() * 12) }, () => words[Math.floor(random() * words.length)]).join(' ')}. `;
    const pages: Source[] = Array.from({ length: 6 }, (_, page) => {
      const text = Array.from({ length: 12 }, () => sentence().repeat(1 + Math.floor(random() * 3))).join(
        random() < 0.5 ? '\n\n' : ' ',
      );
      const passages = readerPassages(text, { targetChars: 200 });
      // One page's reader gave offsets into another text (its markdown, say): they do not slice this one.
      const shifted =
        page === 2
          ? passages.map((passage) => ({ ...passage, start: passage.start + 1, end: passage.end + 1 }))
          : passages;
      return {
        ...fakeSource(`https://example.com/${page}`, { title: `Page ${page} Tower`, text }),
        passages: shifted,
      };
    });
    const read = createKnowledge();
    // The same pages with offsets no text has, so every passage's text is read on its own.
    const oneByOne = createKnowledge();
    for (const page of pages) {
      read.addSource(page);
      oneByOne.addSource({
        ...page,
        passages: page.passages.map((passage) => ({ ...passage, start: -1, end: passage.text.length - 1 })),
      });
    }
    for (const query of [
      'iron tower',
      'wrought 1889 fair',
      'straße naïve',
      '東京タワー steel paris',
      'page 2',
    ])
      expect(read.topPassages(query, 2_000), query).toEqual(oneByOne.topPassages(query, 2_000));
  });
});
