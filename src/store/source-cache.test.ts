import { describe, expect, it } from 'vitest';
import type { Source } from '../reader/types.js';
import { createSqliteSourceCache } from './source-cache.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';

const source: Source = {
  url: 'https://example.com/a',
  finalUrl: 'https://example.com/b',
  title: 'A page',
  contentType: 'text/html',
  markdown: '# A page\n\nText.',
  text: 'A page Text.',
  passages: [{ index: 0, text: 'A page Text.', start: 0, end: 12 }],
  contentHash: 'hash',
  fetchedAt: '2026-11-22T08:00:00.000Z',
};

describe('SQLite source cache', () => {
  it('returns a stored source by its URL and its final URL until it expires', async () => {
    let now = 1_000;
    const store = openSqliteStore({ path: ':memory:' });
    const cache = createSqliteSourceCache(store.database, { now: () => now });
    expect(await cache.get(source.url)).toBeUndefined();
    await cache.put(source, 500);
    expect(await cache.get(source.url)).toEqual(source);
    expect(await cache.get(source.finalUrl)).toEqual(source);
    now = 1_499;
    expect(await cache.get(source.url)).toEqual(source);
    now = 1_500;
    expect(await cache.get(source.url)).toBeUndefined();
    await store.close();
  });

  it('is shared by every cache on the same database (one run to the next)', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    await createSqliteSourceCache(store.database).put(source, 60_000);
    expect((await createSqliteSourceCache(store.database).get(source.url))?.title).toBe('A page');
    await store.close();
  });
});
