import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openIndexDatabase, type SqliteDatabase } from './open-database.js';
import { type FieldCounts, POSTING_STRIDE, PostingsWriter, readPostings } from './postings.js';

let db: SqliteDatabase;
beforeEach(() => {
  db = openIndexDatabase(':memory:').db;
});
afterEach(() => db.close());

/** The chunk ids a term's postings hold, in stored order. */
const chunksOf = (term: string) =>
  readPostings(db, term).flatMap((block) =>
    Array.from({ length: block.length / POSTING_STRIDE }, (_, index) => block[index * POSTING_STRIDE]),
  );

const chunk = (chunkId: number, terms: Record<string, FieldCounts>) => ({
  chunkId,
  fileId: 7,
  lengths: [2, 3, 40] as FieldCounts,
  terms: new Map(Object.entries(terms)),
});

describe('PostingsWriter', () => {
  it('stores each term with its chunks, counts per field and field lengths', () => {
    const writer = new PostingsWriter(db);
    writer.add(chunk(1, { router: [1, 0, 3], match: [0, 1, 1] }));
    writer.add(chunk(2, { router: [0, 0, 2] }));
    writer.flush();
    expect(chunksOf('router')).toEqual([1, 2]);
    expect(chunksOf('match')).toEqual([1]);
    expect([...(readPostings(db, 'match')[0] ?? [])]).toEqual([1, 7, 0, 1, 1, 2, 3, 40]);
    expect(readPostings(db, 'absent')).toEqual([]);
  });

  it('drops the postings of removed chunks, keeps the others, and forgets terms left with none', () => {
    const writer = new PostingsWriter(db);
    writer.add(chunk(1, { router: [1, 0, 3], match: [0, 1, 1] }));
    writer.add(chunk(2, { router: [0, 0, 2] }));
    writer.flush();
    writer.remove(1, ['router', 'match']);
    writer.add(chunk(3, { router: [0, 0, 1], route: [0, 0, 1] }));
    writer.flush();
    expect(chunksOf('router')).toEqual([2, 3]);
    expect(chunksOf('match')).toEqual([]);
    expect(db.prepare("SELECT count(*) FROM postings WHERE term = 'match'").pluck().get()).toBe(0);
  });

  it('forgets a chunk added and removed before a flush, and keeps chunks far apart in their own blocks', () => {
    const writer = new PostingsWriter(db);
    writer.add(chunk(5, { router: [0, 0, 1] }));
    writer.remove(5, ['router']);
    writer.add(chunk(100_000, { router: [0, 0, 1] }));
    writer.flush();
    expect(chunksOf('router')).toEqual([100_000]);
    writer.add(chunk(6, { router: [0, 0, 1] }));
    writer.flush();
    expect(chunksOf('router')).toEqual([6, 100_000]);
    expect(db.prepare("SELECT count(*) FROM postings WHERE term = 'router'").pluck().get()).toBe(2);
  });
});
