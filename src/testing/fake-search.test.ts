import { describe, expect, it } from 'vitest';
import { createFakeSearch } from './fake-search.js';

const hit = (url: string) => ({ title: url, url, snippet: '' });

describe('createFakeSearch', () => {
  it('answers every call with one value and records the requests', async () => {
    const search = createFakeSearch([hit('https://a.example')], { id: 'brave' });
    expect(await search.search({ query: 'x', count: 3 })).toEqual([
      { ...hit('https://a.example'), provider: 'brave' },
    ]);
    expect(search.calls).toEqual([{ query: 'x', count: 3 }]);
  });

  it('plays a list back in order, repeating the last, and throws scripted errors', async () => {
    const search = createFakeSearch([
      [hit('https://1.example')],
      new Error('down'),
      [hit('https://3.example')],
    ]);
    expect((await search.search({ query: 'a' }))[0]?.url).toBe('https://1.example');
    await expect(search.search({ query: 'b' })).rejects.toThrow('down');
    expect((await search.search({ query: 'c' }))[0]?.url).toBe('https://3.example');
    expect((await search.search({ query: 'd' }))[0]?.url).toBe('https://3.example');
  });

  it('answers from a function and honours delay and abort', async () => {
    const search = createFakeSearch((request) => [hit(`https://${request.query}.example`)], {
      delayMs: 1_000,
    });
    const controller = new AbortController();
    const pending = search.search({ query: 'slow', signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    const quick = createFakeSearch((request) => [hit(`https://${request.query}.example`)]);
    expect((await quick.search({ query: 'fn' }))[0]?.url).toBe('https://fn.example');
  });
});
