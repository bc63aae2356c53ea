import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeReader } from './fake-reader.js';

describe('createFakeReader', () => {
  it('builds a full source with passages and a content hash', async () => {
    const reader = createFakeReader({
      'https://a.example': { title: 'A', text: 'First para.\n\nSecond para.' },
    });
    const source = await reader.read('https://a.example');
    expect(source).toMatchObject({ url: 'https://a.example', finalUrl: 'https://a.example', title: 'A' });
    expect(source.passages.map((passage) => source.text.slice(passage.start, passage.end))).toEqual([
      'First para.',
      'Second para.',
    ]);
    expect(source.contentHash).toBe(createHash('sha256').update(source.text).digest('hex'));
    expect(reader.calls).toEqual(['https://a.example']);
  });

  it('derives text from markdown', async () => {
    const reader = createFakeReader(
      new Map([['https://m.example', { markdown: '# Title\n\nSee [the docs](https://d.example).' }]]),
    );
    expect((await reader.read('https://m.example')).text).toBe('Title\n\nSee the docs.');
  });

  it('throws a coded 404 error for a missing page and scripted errors from a function', async () => {
    const reader = createFakeReader({});
    await expect(reader.read('https://none.example')).rejects.toMatchObject({
      code: 'http_error',
      statusCode: 404,
    });
    const failing = createFakeReader(() => new Error('boom'));
    await expect(failing.read('https://x.example')).rejects.toThrow('boom');
  });
});
