import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../../testing/vitest/postgres-cluster.js';
import { runStoreContract, sampleEvent } from '../../testing/vitest/run-store-contract.js';
import { openPostgresStore } from './postgres-store.js';

const started = await startPostgresCluster();
const cluster: PostgresCluster | undefined = 'url' in started ? started : undefined;
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
