import { describe, expect, it } from 'vitest';
import type { Source } from '../types.js';
import { createMemorySourceCache } from './memory-source-cache.js';

const source = (url: string, finalUrl = url) => ({ url, finalUrl, title: url }) as Source;

describe('createMemorySourceCache', () => {
  it('answers by normalised URL until the time to live runs out', async () => {
    let now = 0;
    const cache = createMemorySourceCache({ now: () => now });
    await cache.put(source('https://a.test/x', 'https://a.test/y'), 100);
    expect((await cache.get('https://A.test/x#frag'))?.url).toBe('https://a.test/x');
    expect((await cache.get('https://a.test/y'))?.url).toBe('https://a.test/x');
    now = 100;
    expect(await cache.get('https://a.test/x')).toBeUndefined();
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = createMemorySourceCache({ maxEntries: 2 });
    for (const name of ['a', 'b', 'c']) await cache.put(source(`https://${name}.test/`), 1000);
    expect(await cache.get('https://a.test/')).toBeUndefined();
    expect(await cache.get('https://c.test/')).toBeDefined();
  });
});
