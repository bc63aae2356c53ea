/**
 * Issue 29 item 3, second half: no field of a run is stored more than once at 20,000 characters.
 * A run of the real engine with a 20,000-character question, through the run service into a SQLite
 * database, grows the database by about one copy of the question more than the same run with a
 * short question; before, the question was stored in the run, its result, the run-start and plan
 * events and the run-end event's sub-questions.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { research } from '../src/research/index.js';
import { createRunService, silentLogger } from '../src/runs/index.js';
import { openSqliteStore } from '../src/store/index.js';
import { cooperativeResearcher, requestParts } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, demoResearchConfig, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';

/** Ends the question: short copies of its start (search queries) do not hold it, whole copies do. */
const MARKER = 'QUESTION-MARKER-7f3a';
/** A 20,000-character question (the limit of /api/runs, /v1 and /mcp). */
const LONG = `How tall is the Eiffel Tower? ${'Context the asker pasted in. '.repeat(700)}`
  .slice(0, 20_000 - MARKER.length - 1)
  .concat(` ${MARKER}`);
const SHORT = `How tall is the Eiffel Tower? ${MARKER}`;

/** The cooperative model, but its answers never repeat the question (so only the question is long). */
const script = (request: FakeChatRequest) =>
  requestParts(request).properties ? cooperativeResearcher(request) : 'The tower is tall.';

let world: DemoWorld;
let base: string;
beforeAll(async () => {
  world = await startDemoWorld({ script });
  base = await mkdtemp(join(tmpdir(), 'run-size-'));
});
afterAll(async () => {
  await world?.close();
  await rm(base, { recursive: true, force: true });
});

/** Bytes held in every column of every table, and the columns whose value holds `marker`. */
function storedBytes(path: string, marker: string) {
  const database = new Database(path, { readonly: true });
  let bytes = 0;
  const holders: string[] = [];
  const tables = database
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  for (const { name } of tables) {
    for (const row of database.prepare<[], Record<string, unknown>>(`SELECT * FROM ${name}`).all()) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string') bytes += Buffer.byteLength(value);
        if (typeof value === 'string' && value.includes(marker)) holders.push(`${name}.${column}`);
      }
    }
  }
  database.close();
  return { bytes, holders };
}

/** Runs `question` to its end into a fresh database; what it stored, once closed. */
async function storedRun(question: string, name: string) {
  const path = join(base, `${name}.sqlite`);
  const store = openSqliteStore({ path });
  const config = demoResearchConfig(world);
  const runs = createRunService({ store, runner: research, config, logger: silentLogger, secrets: [] });
  const started = await runs.start({ question, options: config });
  const ended = await runs.waitForEnd(started.id);
  const events = await store.listEvents(started.id);
  await runs.shutdown({ graceMs: 0 });
  await store.close();
  return { ended, events, ...storedBytes(path, MARKER), fileBytes: (await stat(path)).size };
}

describe('a run with a 20,000-character question', () => {
  it('stores the question once: about one copy more than the same run with a short question', async () => {
    const short = await storedRun(SHORT, 'short');
    const long = await storedRun(LONG, 'long');
    console.log(
      `stored: ${short.bytes} bytes (file ${short.fileBytes}) for a short question, ${long.bytes} (file ${long.fileBytes}) for 20,000 characters`,
    );
    expect(long.holders).toEqual(['runs.question']);
    expect(long.bytes).toBeGreaterThan(LONG.length);
    expect(long.bytes - short.bytes).toBeLessThan(1.25 * LONG.length);
    // Readers still get the question wherever the events and result carry it.
    expect(long.ended.result?.question).toBe(LONG);
    const start = long.events.find((event) => event.type === 'run-start');
    expect(start?.type === 'run-start' && start.question).toBe(LONG);
    const plan = long.events.find((event) => event.type === 'plan');
    expect(JSON.stringify(plan)).toContain(MARKER);
  }, 120_000);
});
