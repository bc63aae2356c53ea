import type { IdempotentOutcome, IdempotentRequest } from './limit-store.js';

interface Claim {
  fingerprint: string;
  /** The first request's run, once started (a failed start forgets the key). */
  runId: Promise<string>;
  /** When the key stops naming this run, in epoch milliseconds. */
  expires: number;
}

/**
 * `Idempotency-Key` claims in this process's memory: a later request with the key waits on the
 * first one's start itself (and gets its error when it fails). Notes of which run a request started
 * share the slots. At most `maxKeys` are kept; the oldest go first.
 */
export function createMemoryKeys(options: { now: () => number; maxKeys: number }) {
  const claims = new Map<string, Claim>();

  function forgetExpired(now: number) {
    // Insertion order is expiry order as long as every key has the same window.
    for (const [slot, claim] of claims) {
      if (claim.expires > now && claims.size < options.maxKeys) break;
      claims.delete(slot);
    }
  }

  /** The claim of `slot` while its window lasts. */
  const live = (slot: string) => {
    const now = options.now();
    forgetExpired(now);
    const found = claims.get(slot);
    // A key whose window ran out names nothing, even when an older key is still kept before it.
    return found && found.expires > now ? found : undefined;
  };

  async function startOnce(request: IdempotentRequest): Promise<IdempotentOutcome> {
    const earlier = live(request.slot);
    if (earlier) {
      if (earlier.fingerprint !== request.fingerprint) return { mismatch: true };
      return { runId: await earlier.runId, replayed: true };
    }
    const runId = request.start();
    claims.delete(request.slot);
    claims.set(request.slot, {
      fingerprint: request.fingerprint,
      runId,
      expires: options.now() + request.windowMs,
    });
    // A request refused before its run started leaves nothing to replay: the key is free again.
    void runId.catch(() => claims.delete(request.slot));
    return { runId: await runId, replayed: false };
  }

  return {
    startOnce,
    async forgetRun(slot: string, runId: string) {
      const claim = claims.get(slot);
      if (claim && (await claim.runId.catch(() => undefined)) === runId && claims.get(slot) === claim)
        claims.delete(slot);
    },
    async noteRun(slot: string, runId: string, ttlMs: number) {
      claims.delete(slot);
      claims.set(slot, { fingerprint: '', runId: Promise.resolve(runId), expires: options.now() + ttlMs });
      forgetExpired(options.now());
    },
    async notedRun(slot: string) {
      return live(slot)?.runId.catch(() => undefined);
    },
  };
}
