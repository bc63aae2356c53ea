import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { LimitStore } from '../../store/index.js';
import { IDEMPOTENCY_WINDOW_MS, MAX_IDEMPOTENCY_KEY_CHARS } from '../constants.js';
import type { AppEnv } from './app-env.js';
import { ApiError } from './errors.js';

/** What a request with an `Idempotency-Key` got: its run, and whether another request started it. */
export interface IdempotentStart {
  runId: string;
  /** True when an earlier request with the same key started the run. */
  replayed: boolean;
}

/**
 * `Idempotency-Key` for the routes that start runs: the first request with a key starts a run; the
 * same client sending the same key and body within `IDEMPOTENCY_WINDOW_MS` gets that run instead of
 * a new one (even while it is still running); the same key with another body is a 422. Keys live
 * in `limits`: this process's memory, or on Postgres the database every api node shares, so the
 * same key sent to two nodes at once starts one run.
 */
export function createIdempotencyKeys(options: { limits: LimitStore; windowMs?: number }) {
  const windowMs = options.windowMs ?? IDEMPOTENCY_WINDOW_MS;
  return {
    /**
     * Starts a run for the request, or returns the run an earlier request with the same key
     * started. Without a key, always starts one.
     */
    async start(
      context: Context<AppEnv>,
      body: unknown,
      startRun: () => Promise<string>,
    ): Promise<IdempotentStart> {
      const key = idempotencyKey(context);
      if (key === undefined) return { runId: await startRun(), replayed: false };
      const fingerprint = createHash('sha256')
        .update(`${context.req.method} ${context.req.path}\n${JSON.stringify(body)}`)
        .digest('hex');
      const outcome = await options.limits.startOnce({
        slot: `${context.get('client')}\n${key}`,
        fingerprint,
        windowMs,
        start: startRun,
      });
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
