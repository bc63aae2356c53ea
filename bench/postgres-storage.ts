/**
 * How many times each store keeps a run's 20,000-character question: one run of the real engine
 * (fake model, search and pages) through the run service into SQLite, then into a throwaway
 * Postgres; prints the bytes of text each table holds and the columns holding the whole question.
 * SQLite stores long texts once per run (`run_texts`) and refers to them; Postgres stores every
 * record and event whole (a memory refers to its run's question).
 *
 *   npx tsx bench/postgres-storage.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { research } from '../src/research/index.js';
import { createRunService, silentLogger } from '../src/runs/index.js';
import { openSqliteStore, type RunStore } from '../src/store/index.js';
import { openPostgresStore } from '../src/store/postgres/index.js';
import { cooperativeResearcher, requestParts } from '../src/testing/cooperative-researcher.js';
import { demoResearchConfig, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';
import { startPostgresCluster } from '../src/testing/vitest/postgres-cluster.js';

const MARKER = 'QUESTION-MARKER-7f3a';
const QUESTION = `How tall is the Eiffel Tower? ${'Context the asker pasted in. '.repeat(700)}`
  .slice(0, 20_000 - MARKER.length - 1)
  .concat(` ${MARKER}`);
/** The cooperative model, but its answers never repeat the question (so only the question is long). */
const script = (request: FakeChatRequest) =>
  requestParts(request).properties ? cooperativeResearcher(request) : 'The tower is tall.';

/** Text bytes per table, and how many values hold the whole question, per column. */
type Tally = { bytes: Map<string, number>; copies: Map<string, number> };

function count(tally: Tally, table: string, row: Record<string, unknown>) {
  for (const [column, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    tally.bytes.set(table, (tally.bytes.get(table) ?? 0) + Buffer.byteLength(value));
    const copies = value.split(MARKER).length - 1;
    if (copies > 0)
      tally.copies.set(`${table}.${column}`, (tally.copies.get(`${table}.${column}`) ?? 0) + copies);
  }
}

function report(name: string, tally: Tally) {
  const total = [...tally.bytes.values()].reduce((sum, bytes) => sum + bytes, 0);
  const copies = [...tally.copies.values()].reduce((sum, each) => sum + each, 0);
  console.log(`${name}: ${total} bytes of text, the question ${copies} times`);
  for (const [column, each] of tally.copies) console.log(`  ${column}: ${each}`);
}

async function runOnce(store: RunStore, config: ReturnType<typeof demoResearchConfig>) {
  const runs = createRunService({ store, runner: research, config, logger: silentLogger, secrets: [] });
  const started = await runs.start({ question: QUESTION, options: config });
  const ended = await runs.waitForEnd(started.id);
  await runs.shutdown({ graceMs: 0 });
  if (ended.status !== 'completed' && ended.status !== 'best_effort') throw new Error(`run ${ended.status}`);
}

const world = await startDemoWorld({ script });
const config = demoResearchConfig(world);
const folder = await mkdtemp(join(tmpdir(), 'postgres-storage-'));
try {
  const path = join(folder, 'runs.sqlite');
  const sqlite = openSqliteStore({ path });
  await runOnce(sqlite, config);
  await sqlite.close();
  const database = new Database(path, { readonly: true });
  const sqliteTally: Tally = { bytes: new Map(), copies: new Map() };
  const tables = database
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  for (const { name } of tables) {
    for (const row of database.prepare<[], Record<string, unknown>>(`SELECT * FROM ${name}`).all()) {
      count(sqliteTally, name, row);
    }
  }
  database.close();
  report('SQLite', sqliteTally);

  const server = await startPostgresCluster();
  if (!('url' in server)) {
    console.log(`Postgres skipped: ${server.skipped}`);
  } else {
    const store = await openPostgresStore({ url: server.url, schema: 'storage' });
    await runOnce(store, config);
    await store.close();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const postgresTally: Tally = { bytes: new Map(), copies: new Map() };
    for (const table of ['runs', 'events', 'run_sources', 'evaluations', 'memories', 'source_cache']) {
      for (const row of (await client.query(`SELECT * FROM storage.${table}`)).rows)
        count(postgresTally, table, row);
    }
    await client.end();
    await server.stop();
    report('Postgres', postgresTally);
  }
} finally {
  await rm(folder, { recursive: true, force: true });
  await world.close();
}
