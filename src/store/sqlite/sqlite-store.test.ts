import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runStoreContract, sampleEvent } from '../../testing/vitest/run-store-contract.js';
import { migrate, migrations } from '../migrations.js';
import { openSqliteStore } from './sqlite-store.js';

const directory = mkdtempSync(join(tmpdir(), 'deepresearch-store-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let files = 0;

runStoreContract('sqlite', () => openSqliteStore({ path: join(directory, `contract-${files++}.db`) }));

describe('SQLite store on disk', () => {
  it('creates the folder on first use and keeps runs and events across reopen', async () => {
    const path = join(directory, 'nested', 'folder', 'runs.db');
    const first = openSqliteStore({ path });
    await first.createRun({ id: 'a', question: 'q', options: {}, createdAt: '2026-11-22T08:00:00.000Z' });
    await first.updateRun('a', { status: 'running' });
    for (let index = 0; index < 3; index++) await first.appendEvent(sampleEvent('a', index));
    await first.close();

    const second = openSqliteStore({ path });
    expect(await second.markInterrupted()).toEqual(['a']);
    expect(await second.getRun('a')).toMatchObject({ status: 'interrupted', eventCount: 3 });
    expect(await second.listEvents('a')).toEqual([0, 1, 2].map((index) => sampleEvent('a', index)));
    await second.appendEvent(sampleEvent('a', 3));
    await second.close();
  });

  it('uses WAL and records the schema version', () => {
    const store = openSqliteStore({ path: join(directory, 'wal.db') });
    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.database.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    void store.close();
  });

  it('upgrades a database from before run owners: its runs belong to nobody', async () => {
    const path = join(directory, 'version-1.db');
    const old = new Database(path);
    migrate(old, migrations.slice(0, 1));
    old
      .prepare(
        `INSERT INTO runs (id, question, status, options, created_at, usage, metrics)
         VALUES ('old', 'q', 'completed', '{}', '2026-01-01T00:00:00.000Z', '{}', '{}')`,
      )
      .run();
    old.close();
    const store = openSqliteStore({ path });
    expect((await store.getRun('old'))?.owner).toBeUndefined();
    expect((await store.listRuns({ limit: 10, owner: 'token:any' })).runs).toEqual([]);
    await store.close();
  });

  it('applies only migrations newer than the database version', () => {
    const database = new Database(':memory:');
    const list = [
      { version: 1, name: 'one', sql: 'CREATE TABLE one (x)' },
      { version: 2, name: 'two', sql: 'CREATE TABLE two (x)' },
    ];
    expect(migrate(database, list.slice(0, 1))).toBe(1);
    // Running version 1 again would fail (table exists): it must be skipped.
    expect(migrate(database, list)).toBe(2);
    expect(migrate(database, list)).toBe(2);
    database.close();
  });
});
