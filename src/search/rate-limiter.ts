import { abortableDelay } from '../shared/index.js';
import type { RateLimit } from './constants.js';

/** Runs tasks no more than `maxConcurrent` at a time, starting them at least `minIntervalMs` apart. */
export interface RateLimiter {
  schedule<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** A limiter for one provider endpoint. Waiting tasks leave the queue when their signal aborts. */
export function createRateLimiter(limit: RateLimit): RateLimiter {
  const maxConcurrent = Math.max(1, limit.maxConcurrent);
  let active = 0;
  let lastStartAt = Number.NEGATIVE_INFINITY;
  let gate: Promise<void> = Promise.resolve();
  const waiting: Array<{ wake: () => void }> = [];

  // A freed slot is handed to the next waiter directly, so a newcomer cannot overtake the queue.
  const release = () => {
    const next = waiting.shift();
    if (next) next.wake();
    else active -= 1;
  };

  const acquire = async (signal?: AbortSignal) => {
    signal?.throwIfAborted();
    if (active < maxConcurrent) {
      active += 1;
    } else {
      await new Promise<void>((resolve, reject) => {
        const entry = {
          wake: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const index = waiting.indexOf(entry);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal?.reason);
        };
        waiting.push(entry);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    // Starts pass one at a time through a gate stamped with the real start time, so a timer that
    // fires late cannot bunch the following starts together.
    const turn = gate.then(async () => {
      signal?.throwIfAborted();
      const wait = lastStartAt + limit.minIntervalMs - Date.now();
      if (wait > 0) await abortableDelay(wait, signal);
      lastStartAt = Date.now();
    });
    gate = turn.catch(() => undefined);
    try {
      await turn;
    } catch (error) {
      release();
      throw error;
    }
  };

  return {
    async schedule(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

const sharedLimiters = new Map<string, RateLimiter>();

/**
 * The process-wide limiter of one endpoint (provider id + origin + limits). A provider's limits
 * belong to the remote service and its key, not to one search object, so concurrent runs share it.
 */
export function sharedRateLimiter(key: string, limit: RateLimit): RateLimiter {
  const fullKey = `${key}|${limit.maxConcurrent}|${limit.minIntervalMs}`;
  let limiter = sharedLimiters.get(fullKey);
  if (!limiter) {
    limiter = createRateLimiter(limit);
    sharedLimiters.set(fullKey, limiter);
  }
  return limiter;
}
