import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { LimitStore, RunRecord } from '../../store/index.js';
import { FAILED_RUN_REPLAY_MS, IDEMPOTENCY_WINDOW_MS, MAX_IDEMPOTENCY_KEY_CHARS } from '../constants.js';
import type { AppEnv } from './app-env.js';
import { ApiError } from './errors.js';

/** What a request with an `Idempotency-Key` got: its run, and whether another request started it. */
export interface IdempotentStart {
  runId: string;
  /** True when an earlier request with the same key started the run. */
  replayed: boolean;
}

/** What the keys need besides where they live. */
export interface IdempotencyOptions {
  limits: LimitStore;
  /** The stored run of an id, whoever owns it; undefined when it was deleted. */
  findRun: (runId: string) => Promise<RunRecord | undefined>;
  now: () => Date;
  /** How long a key names its run (default `IDEMPOTENCY_WINDOW_MS`). */
  windowMs?: number;
  /** How long after its run failed a request sent again gets that failure (default `FAILED_RUN_REPLAY_MS`). */
  failureWindowMs?: number;
}

/**
 * `Idempotency-Key` for the routes that start runs: the first request with a key starts a run; the
 * same client sending the same key and body within `IDEMPOTENCY_WINDOW_MS` gets that run instead of
 * a new one (even while it is still running), unless the run was deleted (then it starts a new
 * one); the same key with another body is a 422. Without a key, on the routes that answer a failed
 * run with 424 (`replayFailures`), the same body from the same client within
 * `FAILED_RUN_REPLAY_MS` after its run failed gets that run (the same failure): clients that retry
 * a 424 whatever `x-should-retry` says (LangChain's ChatOpenAI) start no second run. Keys and notes
 * live in `limits`: this process's memory, or on Postgres the database every api node shares, so
 * the same key sent to two nodes at once starts one run.
 */
export function createIdempotencyKeys(options: IdempotencyOptions) {
  const windowMs = options.windowMs ?? IDEMPOTENCY_WINDOW_MS;
  const failureWindowMs = options.failureWindowMs ?? FAILED_RUN_REPLAY_MS;
  const { limits } = options;

  /** The run an earlier request with this key started (a new one when that run was deleted). */
  async function startOnce(slot: string, fingerprint: string, startRun: () => Promise<string>) {
    const request = { slot, fingerprint, windowMs, start: startRun };
    const outcome = await limits.startOnce(request);
    if (!('runId' in outcome) || !outcome.replayed || (await options.findRun(outcome.runId))) return outcome;
    await limits.forgetRun(slot, outcome.runId);
    return limits.startOnce(request);
  }

  /** The run of the same request that failed moments ago, or a new one. */
  async function startOrReplayFailure(slot: string, startRun: () => Promise<string>) {
    const earlier = await limits.notedRun(slot);
    const record = earlier === undefined ? undefined : await options.findRun(earlier);
    const failedAt = record?.status === 'failed' && record.endedAt ? Date.parse(record.endedAt) : undefined;
    if (record && failedAt !== undefined && options.now().getTime() - failedAt <= failureWindowMs) {
      return { runId: record.id, replayed: true };
    }
    const runId = await startRun();
    // Noted as long as a key names its run: the run may take that long to fail.
    await limits.noteRun(slot, runId, windowMs);
    return { runId, replayed: false };
  }

  return {
    /**
     * Starts a run for the request, or returns the run an earlier request with the same key (or,
     * with `replayFailures`, the same request whose run failed within the window) started.
     */
    async start(
      context: Context<AppEnv>,
      body: unknown,
      startRun: () => Promise<string>,
      startOptions: { replayFailures?: boolean } = {},
    ): Promise<IdempotentStart> {
      const key = idempotencyKey(context);
      const fingerprint = createHash('sha256')
        .update(`${context.req.method} ${context.req.path}\n${JSON.stringify(body)}`)
        .digest('hex');
      if (key === undefined) {
        if (!startOptions.replayFailures) return { runId: await startRun(), replayed: false };
        return startOrReplayFailure(`${context.get('client')}\n${fingerprint}\nfailed run`, startRun);
      }
      const outcome = await startOnce(`${context.get('client')}\n${key}`, fingerprint, startRun);
      if ('mismatch' in outcome) {
        throw new ApiError(
          'idempotency_mismatch',
          `The Idempotency-Key "${key}" was first sent with another request (another route or body); send a new key for a new request.`,
          { field: 'Idempotency-Key' },
        );
      }
      return outcome;
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;

/** The request's `Idempotency-Key`, checked; absent: undefined. */
function idempotencyKey(context: Context<AppEnv>): string | undefined {
  const key = context.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_CHARS || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(
      'invalid_request',
      `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_CHARS} visible ASCII characters (a UUID is a good key).`,
      { field: 'Idempotency-Key' },
    );
  }
  return key;
}
