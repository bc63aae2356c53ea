import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { RunCluster } from '../cluster.js';
import { queuedOf, takeInTurns } from './fair-take.js';
import { listenToNodes } from './node-notifications.js';

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
 * Joins the cluster of nodes sharing a Postgres database. The queue is the runs table itself: a run
 * `queued` that no worker holds waits, and a worker takes runs by holding them (`runs.worker`), owners
 * taking turns (`takeInTurns`); the `workers` table keeps their heartbeats; LISTEN/NOTIFY carries
 * events, ends, cancel requests and "a run was queued" to every node.
 */
export async function openPostgresCluster(options: PostgresClusterOptions): Promise<RunCluster> {
  const schema = options.schema ?? 'deepresearch';
  const nodeId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const pool = new pg.Pool({ connectionString: options.url, max: 3, options: `-c search_path="${schema}"` });
  pool.on('error', () => undefined);
  const timeout = `${Math.max(1, Math.round(options.workerTimeoutMs))} milliseconds`;
  const notify = (message: string) => pool.query('SELECT pg_notify($1, $2)', [CONTROL_CHANNEL, message]);
  // The run is queued in the store already: idle workers are told to look now.
  const queued = () => notify('queued:');
  const stopListening: (() => Promise<void>)[] = [];

  return {
    nodeId,
    async enqueue() {
      await queued();
    },
    take: (request) => takeInTurns(pool, nodeId, request),
    queuedOf: (owner) => queuedOf(pool, owner),
    async release(runId) {
      const { rowCount } = await pool.query(
        `UPDATE runs SET status = 'queued', worker = NULL WHERE id = $1 AND worker = $2`,
        [runId, nodeId],
      );
      if (rowCount) await queued();
    },
    async letGo(runId) {
      // Not a run this node executes: it has left its slot; never one it took again since (it
      // could not: only runs no worker holds are taken).
      const { rows } = await pool.query<{ status: string }>(
        `UPDATE runs SET worker = NULL WHERE id = $1 AND worker = $2 AND status <> 'running' RETURNING status`,
        [runId, nodeId],
      );
      // Answered before this node let go: no worker could take it while it was held.
      if (rows[0]?.status === 'queued') await queued();
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
      if (rows.length > 0) await queued();
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
      await pool.query('DELETE FROM workers WHERE id = $1', [nodeId]).catch(() => undefined);
      await pool.end();
    },
  };
}
