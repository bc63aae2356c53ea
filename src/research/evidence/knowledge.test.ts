import { describe, expect, it } from 'vitest';
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
});
