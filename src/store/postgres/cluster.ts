import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { ClaimedRun, RunCluster } from '../cluster.js';
import { listenToNodes } from './node-notifications.js';
import { openRunJobQueue } from './run-job-queue.js';

export interface PostgresClusterOptions {
  /** The run store's database (`postgres://…`); the store's migrations must have run. */
  url: string;
  /** Schema of the run store (default `deepresearch`). */
  schema?: string;
  /** A worker silent this long is presumed dead; its runs go back to the queue (milliseconds). */
  workerTimeoutMs: number;
}

/** The channel of control messages between nodes: `end:<run id>`, `cancel:<run id>`, `queued:`. */
export const CONTROL_CHANNEL = 'deepresearch_control';

/**
 * Joins the cluster of nodes sharing a Postgres database: pg-boss (in its own schema, next to the
 * store's) hands runs to workers; the `runs.worker` column says who holds a run, the `workers`
 * table their heartbeats; LISTEN/NOTIFY carries events, ends and cancel requests to every node.
 */
export async function openPostgresCluster(options: PostgresClusterOptions): Promise<RunCluster> {
  const schema = options.schema ?? 'deepresearch';
  const nodeId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const pool = new pg.Pool({ connectionString: options.url, max: 3, options: `-c search_path="${schema}"` });
  pool.on('error', () => undefined);
  const jobs = await openRunJobQueue({
    url: options.url,
    schema: `${schema}_jobs`,
    alone: (work) => withAdvisoryLock(pool, work),
  }).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  const timeout = `${Math.max(1, Math.round(options.workerTimeoutMs))} milliseconds`;
  const notify = (message: string) => pool.query('SELECT pg_notify($1, $2)', [CONTROL_CHANNEL, message]);
  const enqueue = async (runId: string) => {
    await jobs.send(runId);
    await notify('queued:');
  };
  const stopListening: (() => Promise<void>)[] = [];

  /** Holds a queued run no worker holds for this node; undefined when another got it first or it is not queued. */
  const claim = async (runId: string): Promise<ClaimedRun | undefined> => {
    const { rows } = await pool.query<{ event_count: number; cancel_requested: boolean }>(
      `UPDATE runs SET worker = $2 WHERE id = $1 AND status = 'queued' AND worker IS NULL
       RETURNING event_count, cancel_requested`,
      [runId, nodeId],
    );
    const row = rows[0];
    return row && { runId, eventCount: row.event_count, cancelRequested: row.cancel_requested };
  };

  return {
    nodeId,
    enqueue: (run) => enqueue(run.id),
    async take(limit) {
      const taken = await jobs.take(limit);
      const claimed: ClaimedRun[] = [];
      for (const job of taken) {
        const run = await claim(job.runId);
        if (run) claimed.push(run);
      }
      // Forgotten by the queue only once claimed: a worker that dies before lets the job expire.
      await jobs.complete(taken.map((job) => job.jobId));
      return claimed;
    },
    async release(runId) {
      const { rowCount } = await pool.query(
        `UPDATE runs SET status = 'queued', worker = NULL WHERE id = $1 AND worker = $2`,
        [runId, nodeId],
      );
      if (rowCount) await enqueue(runId);
    },
    async letGo(runId) {
      // Not a run this node executes: it has left its slot; never one it claimed again since (it
      // could not: only runs no worker holds are claimed).
      const { rows } = await pool.query<{ status: string }>(
        `UPDATE runs SET worker = NULL WHERE id = $1 AND worker = $2 AND status <> 'running' RETURNING status`,
        [runId, nodeId],
      );
      // Answered before this node let go: the job sent then found the run held and was dropped.
      if (rows[0]?.status === 'queued') await enqueue(runId);
    },
    async cancelQueued(runId) {
      const { rowCount } = await pool.query(
        `UPDATE runs SET status = 'cancelled' WHERE id = $1 AND status = 'queued' AND worker IS NULL`,
        [runId],
      );
      return (rowCount ?? 0) > 0;
    },
    async held(runIds) {
      if (runIds.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        'SELECT id FROM runs WHERE id = ANY($1) AND worker = $2',
        [[...runIds], nodeId],
      );
      return rows.map((row) => row.id);
    },
    async requestCancel(runId) {
      await pool.query('UPDATE runs SET cancel_requested = true WHERE id = $1', [runId]);
      await notify(`cancel:${runId}`);
    },
    async cancelRequested(runIds) {
      if (runIds.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        'SELECT id FROM runs WHERE id = ANY($1) AND cancel_requested',
        [[...runIds]],
      );
      return rows.map((row) => row.id);
    },
    async announceEnd(runId) {
      // A run that paused for input stays held until this node lets go of it (see letGo).
      await pool.query(
        `UPDATE runs SET worker = NULL WHERE id = $1 AND worker = $2 AND status NOT IN ('queued', 'running', 'needs_input')`,
        [runId, nodeId],
      );
      await notify(`end:${runId}`);
    },
    async heartbeat(load) {
      await pool.query(
        `INSERT INTO workers (id, slots, running) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET slots = $2, running = $3, heartbeat_at = now()`,
        [nodeId, load.slots, load.running],
      );
    },
    async reclaimOrphans() {
      const { rows } = await pool.query<{ id: string }>(
        `UPDATE runs SET status = 'queued', worker = NULL
         WHERE worker IS NOT NULL AND status IN ('queued', 'running')
           AND worker NOT IN (SELECT id FROM workers WHERE heartbeat_at > now() - $1::interval)
         RETURNING id`,
        [timeout],
      );
      await pool.query('DELETE FROM workers WHERE heartbeat_at < now() - $1::interval * 10', [timeout]);
      for (const row of rows) await enqueue(row.id);
      return rows.map((row) => row.id);
    },
    async recover() {
      // Nothing to mark: the runs of a node that stopped go back to the queue (reclaimOrphans).
      return [];
    },
    async counts() {
      const { rows } = await pool.query<{ status: string; count: string }>(
        `SELECT status, count(*) AS count FROM runs WHERE status IN ('queued', 'running') GROUP BY status`,
      );
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { running: count('running'), queued: count('queued') };
    },
    async listen(listener) {
      const stop = await listenToNodes({ url: options.url, listener, controlChannel: CONTROL_CHANNEL });
      stopListening.push(stop);
      return stop;
    },
    async close() {
      await Promise.all(stopListening.map((stop) => stop()));
      await jobs.stop();
      await pool.query('DELETE FROM workers WHERE id = $1', [nodeId]).catch(() => undefined);
      await pool.end();
    },
  };
}

/** A lock number of our own (like the migrations'): nodes starting at once set pg-boss up one at a time. */
const QUEUE_SETUP_LOCK = 0x64726571; // "dreq"

async function withAdvisoryLock(pool: pg.Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]);
    }
  } finally {
    client.release();
  }
}
