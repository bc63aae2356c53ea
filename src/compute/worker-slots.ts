/** Gives back a slot taken from `WorkerSlots`; a second call does nothing. */
export type ReleaseSlot = () => void;

/** At most `size` holders at once; the others wait their turn, first come, first served. */
export interface WorkerSlots {
  /**
   * A slot once one is free (its release function), or undefined when `signal` aborts first (the
   * waiter leaves the queue then).
   */
  take(signal?: AbortSignal): Promise<ReleaseSlot | undefined>;
}

/**
 * A bounded pool of slots for worker threads. Programs that all start at once on a busy machine
 * starve each other's start-up (a thread, the WebAssembly module) until the start limit fails
 * them; in turns, each starts on a machine that has room and meets its own time limit.
 */
export function createWorkerSlots(size: number): WorkerSlots {
  let free = size;
  const waiting: ((release: ReleaseSlot) => void)[] = [];
  const handOut = (): ReleaseSlot => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next(handOut());
      else free += 1;
    };
  };
  return {
    take(signal) {
      if (signal?.aborted) return Promise.resolve(undefined);
      if (free > 0) {
        free -= 1;
        return Promise.resolve(handOut());
      }
      return new Promise((resolve) => {
        const onAbort = () => {
          waiting.splice(waiting.indexOf(give), 1);
          resolve(undefined);
        };
        const give = (release: ReleaseSlot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        };
        waiting.push(give);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
