import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import type { ResearchEvent } from '../contract/index.js';
import { openPostgresCluster, openPostgresStore, type RunCluster, type RunStore } from '../store/index.js';
import { createFakeRunner } from '../testing/fake-runner.js';
import { openTestDatabase, type TestDatabase } from '../testing/vitest/postgres-database.js';
import type { Logger } from './logger.js';
import { RunManager } from './run-manager.js';
import type { Runner } from './runner.js';

const started = await openTestDatabase();
const server: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!server) console.warn(`Takeback tests skipped: ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => server?.stop());

const config = parseResearchConfig({ apiKey: 'sk-takeback-key' });
/** Beats never come on their own here: the test says when a node is presumed dead. */
const timing = { heartbeatMs: 3_600_000, pollIntervalMs: 50 };
const TAKEN_OVER = 'run taken over: this copy stopped, its late writes refused';

/** A promise opened by hand. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Resolves once `check` holds, looking every 20 ms (the test's own timeout bounds it). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

interface LogLine {
  level: string;
  message: string;
  fields: Record<string, unknown>;
}

/** What the stale engine writes beside its events: a page's screenshot and the run's archive. */
const STALE_SHOT = { url: 'https://stale.example/', png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]) };
const STALE_ARCHIVE = new Uint8Array([0x1f, 0x8b, 7, 7, 7]);

/**
 * The engine of a node presumed dead while alive, misbehaving as a stalled engine may: it stores its
 * first two events, stalls until `release`, ignores the abort it got meanwhile and plays the rest of
 * its run: a page's screenshot, its events, the run's archive and its own `run-end` with "Stale
 * answer.". A later take of the run gets an engine that waits for `freshRelease` and then answers
 * "Fresh answer.".
 */
function engines() {
  const stale = { started: gate(), release: gate(), signal: undefined as AbortSignal | undefined };
  const fresh = { started: gate(), release: gate() };
  let calls = 0;
  const runner: Runner = async (options, runtime) => {
    calls += 1;
    if (calls > 1) {
      fresh.started.open();
      await fresh.release.opened;
      return createFakeRunner({ answer: 'Fresh answer.' })(options, runtime);
    }
    const played: ResearchEvent[] = [];
    const result = await createFakeRunner({ answer: 'Stale answer.' })(options, {
      ...runtime,
      signal: undefined,
      onEvent: (event) => played.push(event),
    });
    stale.signal = runtime.signal;
    for (const event of played.slice(0, 2)) runtime.onEvent?.(event);
    stale.started.open();
    await stale.release.opened;
    runtime.onScreenshot?.(STALE_SHOT);
    for (const event of played.slice(2, -1)) runtime.onEvent?.(event);
    runtime.onArchive?.({
      warc: STALE_ARCHIVE,
      summary: { mode: 'cited', pages: 0, bytes: STALE_ARCHIVE.length, maxBytes: 1_000, dropped: [] },
      archived: new Set(),
    });
    for (const event of played.slice(-1)) runtime.onEvent?.(event);
    return result;
  };
  return { runner, stale, fresh };
}

let schemas = 0;
/** A store on a schema of its own, node A (a run service executing runs) and node B (a bare member). */
async function world(slots: number) {
  const url = server?.url ?? '';
  const schema = `takeback_${schemas++}`;
  const store: RunStore = await openPostgresStore({ url, schema });
  const nodeA: RunCluster = await openPostgresCluster({ url, schema, workerTimeoutMs: 60_000 });
  const nodeB: RunCluster = await openPostgresCluster({ url, schema, workerTimeoutMs: 60_000 });
  const logs: LogLine[] = [];
  const logger: Logger = { log: (level, message, fields = {}) => logs.push({ level, message, fields }) };
  const { runner, stale, fresh } = engines();
  const manager = new RunManager({
    store,
    runner,
    maxConcurrentRuns: slots,
    logger,
    secrets: ['sk-takeback-key'],
    connection: { apiKey: 'sk-takeback-key', allowHosts: [] },
    cluster: { cluster: nodeA, executes: true, timing },
  });
  /** Node A's heartbeat falls an hour behind (a stall), and node B gives its runs back to the queue. */
  const presumeADead = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `UPDATE "${schema}".workers SET heartbeat_at = now() - interval '1 hour' WHERE id = $1`,
        [nodeA.nodeId],
      );
    } finally {
      await admin.end();
    }
    return nodeB.reclaimOrphans();
  };
  return {
    store,
    nodeB,
    manager,
    logs,
    stale,
    fresh,
    presumeADead,
    async close() {
      stale.release.open();
      fresh.release.open();
      await manager.shutdown({ graceMs: 0 });
      await nodeB.close();
      await store.close();
    },
  };
}

/** Whether the stale copy has settled: it logged that it lost the run, or stored an end of its own. */
const staleSettled = (logs: readonly LogLine[]) =>
  logs.some(
    (line) =>
      line.message === TAKEN_OVER ||
      (line.message === 'run state' &&
        ['completed', 'failed', 'cancelled'].includes(String(line.fields.status))),
  );

describe.skipIf(!server)('a live node presumed dead', () => {
  it('takes its own run back without its stale copy writing: one run-end, from the new take', async () => {
    const world2 = await world(2);
    const { store, manager, logs, stale, fresh } = world2;
    try {
      const { id } = await manager.start({ question: 'Who holds the run?', options: config });
      await stale.started.opened;
      await until(async () => (await store.getRun(id))?.eventCount === 2);

      expect(await world2.presumeADead()).toEqual([id]);
      // Node A is alive and has a free slot: it takes the run back itself, a second copy beside the stalled one.
      await fresh.started.opened;
      stale.release.open();
      await until(() => staleSettled(logs));
      fresh.release.open();
      await manager.waitForEnd(id);
      await until(async () => (await store.getRun(id))?.status === 'completed');

      const events = await store.listEvents(id);
      expect(events.map((event) => event.index)).toEqual(events.map((_, index) => index));
      const ends = events.filter((event) => event.type === 'run-end');
      expect(ends).toHaveLength(1);
      expect(ends[0]).toMatchObject({ status: 'completed', answer: 'Fresh answer.' });
      expect(JSON.stringify(events)).not.toContain('Stale answer.');
      const record = await store.getRun(id);
      expect(record?.status).toBe('completed');
      expect(record?.result?.answer).toBe('Fresh answer.');
      const why = logs.find((line) => line.message === TAKEN_OVER);
      expect(why?.fields).toMatchObject({ runId: id, cause: { code: 'run_not_held' } });
    } finally {
      await world2.close();
    }
  });

  it('lets the node that took the run over write it alone; the stale node writes no end and no status', async () => {
    // One slot, held by the stalled copy: node A cannot take the run back, node B does.
    const world1 = await world(1);
    const { store, nodeB, manager, logs, stale } = world1;
    try {
      const { id } = await manager.start({ question: 'Who holds the run?', options: config });
      await stale.started.opened;
      await until(async () => (await store.getRun(id))?.eventCount === 2);

      expect(await world1.presumeADead()).toEqual([id]);
      const [claimed] = await nodeB.take({ limit: 1 });
      expect(claimed).toMatchObject({ runId: id, eventCount: 2 });
      stale.release.open();
      await until(() => manager.executing() === 0);

      // Node B's copy ends the run, with the claim it took it with.
      const fence = { holder: nodeB.nodeId, claim: claimed?.claim };
      await store.appendEvent({ ...(await freshEnd()), runId: id, index: 2 }, fence);
      await store.updateRun(id, { status: 'completed', endedAt: '2026-12-02T01:00:00.000Z' }, fence);

      const events = await store.listEvents(id);
      expect(events.map((event) => event.index)).toEqual([0, 1, 2]);
      expect(events.filter((event) => event.type === 'run-end')).toHaveLength(1);
      expect(JSON.stringify(events)).not.toContain('Stale answer.');
      expect((await store.getRun(id))?.status).toBe('completed');
      const why = logs.find((line) => line.message === TAKEN_OVER);
      expect(why?.fields).toMatchObject({ runId: id, cause: { code: 'run_not_held' } });
      // Its screenshot and archive are refused like its events, and its first refused write stopped
      // its engine (this node's next heartbeat is an hour away).
      expect(await store.getScreenshot(id, STALE_SHOT.url)).toBeUndefined();
      expect(await store.archives.has(id)).toBe(false);
      expect(stale.signal?.aborted).toBe(true);
    } finally {
      await world1.close();
    }
  });
});

/** The `run-end` of a fake run answering "Fresh answer.". */
async function freshEnd(): Promise<ResearchEvent> {
  const played: ResearchEvent[] = [];
  await createFakeRunner({ answer: 'Fresh answer.' })(
    { question: 'q' },
    { onEvent: (event) => played.push(event) },
  );
  return played[played.length - 1] as ResearchEvent;
}
