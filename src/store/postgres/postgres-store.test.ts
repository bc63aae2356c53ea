import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/vitest/postgres-database.js';
import { runStoreContract, sampleEvent, sampleMemory } from '../../testing/vitest/run-store-contract.js';
import { EVENTS_CHANNEL, openPostgresStore } from './postgres-store.js';

const started = await openTestDatabase();
const cluster: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!cluster) console.warn(`Postgres store tests skipped: ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => cluster?.stop());

let schemas = 0;
const fresh = () => openPostgresStore({ url: cluster?.url ?? '', schema: `contract_${schemas++}` });

if (cluster) runStoreContract('postgres', fresh);

describe.skipIf(!cluster)('Postgres store', () => {
  let url = '';
  beforeAll(() => {
    url = cluster?.url ?? '';
  });

  it('keeps runs and events across reopen, and a second node sees the same runs', async () => {
    const first = await openPostgresStore({ url, schema: 'reopen' });
    const second = await openPostgresStore({ url, schema: 'reopen' });
    await first.createRun({ id: 'a', question: 'q', options: {}, createdAt: '2026-11-22T08:00:00.000Z' });
    await first.updateRun('a', { status: 'running' });
    for (let index = 0; index < 3; index++) await first.appendEvent(sampleEvent('a', index));
    expect((await second.listEvents('a')).map((event) => event.index)).toEqual([0, 1, 2]);
    await expect(second.appendEvent(sampleEvent('a', 2))).rejects.toMatchObject({
      code: 'event_out_of_order',
    });
    await first.close();
    expect(await second.markInterrupted()).toEqual(['a']);
    await second.close();
    const third = await openPostgresStore({ url, schema: 'reopen' });
    expect(await third.getRun('a')).toMatchObject({ status: 'interrupted', eventCount: 3 });
    await third.close();
  });

  it('stores text Postgres refuses as it is (NUL characters) and hands it back unchanged', async () => {
    const store = await openPostgresStore({ url, schema: 'nul_text' });
    const question = 'What does \u0000 mean?';
    await store.createRun({
      id: 'a',
      question,
      options: { note: '\u0000' },
      createdAt: '2026-11-22T08:00:00.000Z',
    });
    await store.appendEvent({ ...sampleEvent('a', 0), text: 'page text \u0000 with a NUL' } as never);
    expect((await store.getRun('a'))?.question).toBe(question);
    expect((await store.listEvents('a'))[0]).toMatchObject({ text: 'page text \u0000 with a NUL' });
    await store.close();
  });

  it('writes a backlog of appends made at once in order, each announced once; a fenced one stops when another node holds the run', async () => {
    const store = await openPostgresStore({ url, schema: 'backlog' });
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      await store.createRun({ id: 'a', question: 'q', options: {}, createdAt: '2026-11-27T08:00:00.000Z' });
      await listener.query(`UPDATE backlog.runs SET worker = 'node-1' WHERE id = 'a'`);
      const fence = { holder: 'node-1' };
      const indexes = [...Array.from({ length: 120 }, (_, index) => index), 500, 120, 121, 120];
      const results = await Promise.allSettled(
        indexes.map((index) => store.appendEvent(sampleEvent('a', index), fence)),
      );
      const refused = results.flatMap((result, position) =>
        result.status === 'rejected' ? [[indexes[position], result.reason.code]] : [],
      );
      expect(refused).toEqual([
        [500, 'event_out_of_order'],
        [120, 'event_out_of_order'],
      ]);
      expect((await store.listEvents('a')).map((event) => event.index)).toEqual(
        Array.from({ length: 122 }, (_, index) => index),
      );
      expect((await store.getRun('a'))?.eventCount).toBe(122);
      await expect.poll(() => heard.length).toBe(122);
      expect(heard).toEqual(Array.from({ length: 122 }, (_, index) => `a:${index}`));

      // Another node holds the run now: this one's appends are refused, its whole backlog.
      await listener.query(`UPDATE backlog.runs SET worker = 'node-2' WHERE id = 'a'`);
      const late = await Promise.allSettled(
        [122, 123, 124].map((index) => store.appendEvent(sampleEvent('a', index), fence)),
      );
      expect(late.map((result) => result.status === 'rejected' && result.reason.code)).toEqual([
        'run_not_held',
        'run_not_held',
        'run_not_held',
      ]);
      await store.appendEvent(sampleEvent('a', 122), { holder: 'node-2' });
      expect((await store.getRun('a'))?.eventCount).toBe(123);
    } finally {
      await listener.end();
      await store.close();
    }
  });

  it("writes many runs' events in one call, each announced once at commit; a fenced one is refused when another node holds its run", async () => {
    const store = await openPostgresStore({ url, schema: 'batches' });
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      for (const id of ['a', 'b']) {
        await store.createRun({ id, question: 'q', options: {}, createdAt: '2026-12-01T08:00:00.000Z' });
      }
      await listener.query(`UPDATE batches.runs SET worker = 'node-1' WHERE id = 'a'`);
      await listener.query(`UPDATE batches.runs SET worker = 'node-2' WHERE id = 'b'`);
      const fence = { holder: 'node-1' };
      const source = {
        url: 'https://b.example/',
        finalUrl: 'https://b.example/',
        title: 'B',
        contentHash: 'h',
        fetchedAt: '2026-12-01T08:00:00.000Z',
      };
      const outcomes = await store.writeEvents([
        { event: sampleEvent('a', 0), fence },
        { event: sampleEvent('b', 0), fence, sources: [source] },
        { event: sampleEvent('a', 1), fence },
        { event: sampleEvent('b', 1), fence },
        { event: sampleEvent('a', 2), fence },
      ]);
      expect(outcomes.map((outcome) => outcome?.code)).toEqual([
        undefined,
        'run_not_held',
        undefined,
        'run_not_held',
        undefined,
      ]);
      expect((await store.listEvents('a')).map((event) => event.index)).toEqual([0, 1, 2]);
      expect(await store.listEvents('b')).toEqual([]);
      expect(await store.listSources('b')).toEqual([]);
      await expect.poll(() => heard.length).toBe(3);
      expect(heard).toEqual(['a:0', 'a:1', 'a:2']);
    } finally {
      await listener.end();
      await store.close();
    }
  });

  it("keeps a stored run's long question once: its memory refers to it and reads back whole", async () => {
    const store = await openPostgresStore({ url, schema: 'memory_texts' });
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      const question = `How tall is it? ${'Pasted context. '.repeat(200)}\u0000 end`;
      await store.createRun({ id: 'a', question, options: {}, createdAt: '2026-11-27T08:00:00.000Z' });
      const memory = { ...sampleMemory('a', '2026-11-27T09:00:00.000Z'), question };
      await store.memories.save(memory);
      // A memory whose run is not in this database (ask --db) keeps its question itself.
      const alone = { ...sampleMemory('gone', '2026-11-27T10:00:00.000Z'), question };
      await store.memories.save(alone);
      const stored = await reader.query<{ run_id: string; data: string }>(
        'SELECT run_id, data FROM memory_texts.memories ORDER BY run_id',
      );
      expect(stored.rows.map((row) => [row.run_id, row.data.includes('Pasted context.')])).toEqual([
        ['a', false],
        ['gone', true],
      ]);
      expect(await store.memories.get('a')).toEqual(memory);
      expect(await store.memories.list({ limit: 10 })).toEqual([alone, memory]);
      await store.deleteRun('a');
      expect(await store.memories.get('a')).toBeUndefined();
    } finally {
      await reader.end();
      await store.close();
    }
  });

  it('caches sources for every node until they expire', async () => {
    const store = await openPostgresStore({ url, schema: 'cache' });
    const source = {
      url: 'https://example.com/a?b=1',
      finalUrl: 'https://example.com/a?b=1',
      title: 'A',
      text: 'Text',
      markdown: 'Text',
      contentHash: 'h',
      fetchedAt: '2026-11-22T08:00:00.000Z',
    } as never;
    await store.sourceCache.put(source, 60_000);
    expect(await store.sourceCache.get('https://example.com/a?b=1')).toMatchObject({ title: 'A' });
    await store.sourceCache.put(source, -1);
    expect(await store.sourceCache.get('https://example.com/a?b=1')).toBeUndefined();
    await store.close();
  });

  it('refuses a schema name that is not one', async () => {
    await expect(openPostgresStore({ url, schema: 'x; DROP TABLE runs' })).rejects.toThrow(
      /not a schema name/,
    );
  });
});
