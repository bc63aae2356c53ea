import { describe, expect, it } from 'vitest';
import { chunkProse } from './chunk-prose.js';

describe('prose chunks', () => {
  it('start at headings, carry the heading trail, and keep fenced code whole', () => {
    const lines = [
      '# Guide',
      '',
      'Intro paragraph.',
      '',
      '## Install',
      '',
      '```sh',
      'npm install',
      '',
      'npm test',
      '```',
      '',
      'Setext title',
      '============',
      '',
      'Body.',
    ];
    expect(chunkProse(lines, 'Handbook')).toEqual([
      { startLine: 1, endLine: 3, symbol: undefined, title: 'Handbook › Guide' },
      { startLine: 5, endLine: 11, symbol: undefined, title: 'Handbook › Guide › Install' },
      { startLine: 13, endLine: 16, symbol: undefined, title: 'Handbook › Setext title' },
    ]);
  });

  it('splits a long section at paragraph boundaries', () => {
    const paragraph = 'word '.repeat(300).trim();
    const chunks = chunkProse(['# Long', '', paragraph, '', paragraph, '', paragraph]);
    expect(chunks.map((chunk) => [chunk.startLine, chunk.endLine])).toEqual([
      [1, 3],
      [5, 5],
      [7, 7],
    ]);
    expect(chunks.every((chunk) => chunk.title === 'Long')).toBe(true);
  });
});
