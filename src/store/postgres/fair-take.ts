import type pg from 'pg';
import type { ClaimedRun, TakeRequest } from '../cluster.js';

/** A lock number of our own: nodes take runs one at a time, so turns and caps hold over every node. */
const TAKE_LOCK = 0x64727471; // "drtq"

/** The owner key of runs without an owner (no auth): one owner, never a token's id (`token:…`). */
const NO_OWNER = '';

/**
 * Queued runs no worker holds, each with its place in line: `place` is how many runs its owner would
 * hold with it (held now + its rank among the owner's waiting runs), then the owner's last turn,
 * then the run's age. The same order as `OwnerQueues` in a cluster of one. A run whose owner would
 * pass `$3` (when given) waits.
 */
const TAKE_SQL = `
  WITH held AS (
    SELECT COALESCE(owner, $4) AS who, count(*) AS runs
    FROM runs WHERE worker IS NOT NULL AND status IN ('queued', 'running') GROUP BY 1
  ),
  waiting AS (
    SELECT id, COALESCE(owner, $4) AS who, sequence,
           row_number() OVER (PARTITION BY COALESCE(owner, $4) ORDER BY sequence) AS rank
    FROM runs WHERE status = 'queued' AND worker IS NULL
  ),
  chosen AS (
    SELECT w.id, w.who, w.rank + COALESCE(h.runs, 0) AS place, t.turn, w.sequence
    FROM waiting w LEFT JOIN held h USING (who) LEFT JOIN owner_turns t ON t.owner = w.who
    WHERE $3::bigint IS NULL OR w.rank + COALESCE(h.runs, 0) <= $3::bigint
    ORDER BY place, t.turn NULLS FIRST, w.sequence
    LIMIT $1
  )
  UPDATE runs SET worker = $2, claim = runs.claim + 1 FROM chosen WHERE runs.id = chosen.id
  RETURNING runs.id, runs.event_count, runs.cancel_requested, runs.claim,
            chosen.who, chosen.place, chosen.turn, chosen.sequence`;

interface TakenRow {
  id: string;
  event_count: number;
  cancel_requested: boolean;
  claim: number;
  who: string;
  place: string;
  turn: string | null;
  sequence: string;
}

/** Whether `row` comes before `other` in line (RETURNING keeps no order). */
function before(row: TakenRow, other: TakenRow): number {
  const turn = (value: string | null) => (value === null ? -1n : BigInt(value));
  return (
    Number(BigInt(row.place) - BigInt(other.place)) ||
    Number(turn(row.turn) - turn(other.turn)) ||
    Number(BigInt(row.sequence) - BigInt(other.sequence))
  );
}

/**
 * Takes up to `request.limit` queued runs for `nodeId`, owners taking turns (see `RunCluster.take`),
 * and records each owner's turn. One transaction under an advisory lock: two nodes taking at once
 * neither take the same run nor pass an owner's cap together.
 */
export async function takeInTurns(
  pool: pg.Pool,
  nodeId: string,
  request: TakeRequest,
): Promise<ClaimedRun[]> {
  if (request.limit <= 0) return [];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [TAKE_LOCK]);
    const { rows } = await client.query<TakenRow>(TAKE_SQL, [
      request.limit,
      nodeId,
      request.maxRunningPerOwner ?? null,
      NO_OWNER,
    ]);
    const taken = rows.sort(before);
    for (const row of taken) {
      await client.query(
        `INSERT INTO owner_turns (owner, turn) VALUES ($1, nextval('owner_turn_numbers'))
         ON CONFLICT (owner) DO UPDATE SET turn = EXCLUDED.turn`,
        [row.who],
      );
    }
    await client.query('COMMIT');
    return taken.map((row) => ({
      runId: row.id,
      eventCount: row.event_count,
      cancelRequested: row.cancel_requested,
      claim: row.claim,
    }));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Runs of `owner` queued and not taken. */
export async function queuedOf(pool: pg.Pool, owner: string | undefined): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    `SELECT count(*) AS count FROM runs
     WHERE status = 'queued' AND worker IS NULL AND owner IS NOT DISTINCT FROM $1`,
    [owner ?? null],
  );
  return Number(rows[0]?.count ?? 0);
}
