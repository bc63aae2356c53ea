import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IdempotentOutcome, IdempotentRequest } from './limit-store.js';
import type { LimitQuery } from './postgres-query.js';

/**
 * How long a key claimed by a start that has not finished holds off the others, in milliseconds:
 * past it the node that claimed it is presumed gone (a crash mid-start) and another may claim it.
 */
const STARTING_MS = 60_000;
/** How often a request waits for the run another node is starting, in milliseconds (first, last). */
const POLL_MS = { first: 20, last: 250 } as const;

/**
 * Claims the key, atomically across nodes: a new key, or one whose time ran out, becomes this
 * claim's (returning a row); a live one is left alone (no row). Time is the database's clock.
 */
const CLAIM = `
  INSERT INTO idempotency_keys AS held (slot, fingerprint, claim, run_id, expires_at)
  VALUES ($1, $2, $3, NULL, clock_timestamp() + make_interval(secs => $4::float8 / 1000))
  ON CONFLICT (slot) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, claim = EXCLUDED.claim,
    run_id = NULL, expires_at = EXCLUDED.expires_at
  WHERE held.expires_at <= clock_timestamp()
  RETURNING claim`;

const SETTLE = `
  UPDATE idempotency_keys SET run_id = $3, expires_at = clock_timestamp() + make_interval(secs => $4::float8 / 1000)
  WHERE slot = $1 AND claim = $2`;

const HELD = `SELECT fingerprint, run_id FROM idempotency_keys WHERE slot = $1 AND expires_at > clock_timestamp()`;

/**
 * `Idempotency-Key` claims in the `idempotency_keys` table (migration 5): the node whose claim
 * wins starts the run and records its id; a request with the same key on any node waits for that
 * id. A start that fails deletes its claim, so the key is free again.
 */
export function createPostgresKeys(query: LimitQuery) {
  async function startOnce(request: IdempotentRequest): Promise<IdempotentOutcome> {
    const { slot, fingerprint } = request;
    for (let attempt = 0; ; attempt++) {
      const claim = randomUUID();
      const claimed = await query(CLAIM, [slot, fingerprint, claim, STARTING_MS]);
      if (claimed.rows.length > 0) {
        let runId: string;
        try {
          runId = await request.start();
        } catch (error) {
          // The start's own error is the one to answer; a claim that cannot be deleted now (the
          // database gone too) frees itself after STARTING_MS.
          await query('DELETE FROM idempotency_keys WHERE slot = $1 AND claim = $2', [slot, claim]).catch(
            () => undefined,
          );
          throw error;
        }
        // The run exists whatever happens next: a key that cannot be recorded now (the database
        // gone) is answered with the run, not an error that invites a retry, and frees itself
        // after STARTING_MS as after a crash.
        await query(SETTLE, [slot, claim, runId, request.windowMs]).catch(() => undefined);
        return { runId, replayed: false };
      }
      const { rows } = await query<{ fingerprint: string; run_id: string | null }>(HELD, [slot]);
      const held = rows[0];
      // Gone between the two statements (its start failed, or its time ran out): claim it again.
      if (!held) continue;
      if (held.fingerprint !== fingerprint) return { mismatch: true };
      if (held.run_id !== null) return { runId: held.run_id, replayed: true };
      await sleep(Math.min(POLL_MS.last, POLL_MS.first * 2 ** Math.min(attempt, 4)));
    }
  }

  return {
    startOnce,
    async forgetRun(slot: string, runId: string) {
      await query('DELETE FROM idempotency_keys WHERE slot = $1 AND run_id = $2', [slot, runId]);
    },
    // A note is a key no request can send (no fingerprint matches ''), naming its run at once.
    async noteRun(slot: string, runId: string, ttlMs: number) {
      await query(
        `INSERT INTO idempotency_keys (slot, fingerprint, claim, run_id, expires_at)
         VALUES ($1, '', '', $2, clock_timestamp() + make_interval(secs => $3::float8 / 1000))
         ON CONFLICT (slot) DO UPDATE SET fingerprint = '', claim = '', run_id = $2, expires_at = EXCLUDED.expires_at`,
        [slot, runId, ttlMs],
      );
    },
    async notedRun(slot: string) {
      const { rows } = await query<{ run_id: string | null }>(HELD, [slot]);
      return rows[0]?.run_id ?? undefined;
    },
  };
}
