import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { IDEMPOTENCY_WINDOW_MS, MAX_IDEMPOTENCY_KEY_CHARS, MAX_IDEMPOTENCY_KEYS } from '../constants.js';
import type { AppEnv } from './app-env.js';
import { ApiError } from './errors.js';

interface Claim {
  /** Hash of the route and the request body the key was first sent with. */
  fingerprint: string;
  /** The first request's run, once started (a failed start forgets the key). */
  runId: Promise<string>;
  /** When the key stops naming this run, in epoch milliseconds. */
  expires: number;
}

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
 * in this process's memory (one server; several API nodes each remember their own).
 */
export function createIdempotencyKeys(options: { now: () => Date; windowMs?: number; maxKeys?: number }) {
  const windowMs = options.windowMs ?? IDEMPOTENCY_WINDOW_MS;
  const maxKeys = options.maxKeys ?? MAX_IDEMPOTENCY_KEYS;
  const claims = new Map<string, Claim>();

  function forgetExpired(now: number) {
    // Insertion order is expiry order: the window is the same for every key.
    for (const [slot, claim] of claims) {
      if (claim.expires > now && claims.size < maxKeys) break;
      claims.delete(slot);
    }
  }

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
      const now = options.now().getTime();
      forgetExpired(now);
      const slot = `${context.get('client')}\n${key}`;
      const fingerprint = createHash('sha256')
        .update(`${context.req.method} ${context.req.path}\n${JSON.stringify(body)}`)
        .digest('hex');
      const earlier = claims.get(slot);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new ApiError(
            'idempotency_mismatch',
            `The Idempotency-Key "${key}" was first sent with another request (another route or body); send a new key for a new request.`,
            { field: 'Idempotency-Key' },
          );
        }
        return { runId: await earlier.runId, replayed: true };
      }
      const runId = startRun();
      claims.set(slot, { fingerprint, runId, expires: now + windowMs });
      // A request refused before its run started leaves nothing to replay: the key is free again.
      void runId.catch(() => claims.delete(slot));
      return { runId: await runId, replayed: false };
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
