import type { EventWrite, RunStore } from '../store/index.js';

/** Stores the events of every run a node executes, those that wait together in one transaction. */
export interface EventBatcher {
  /** Resolves once the write is stored (committed); rejects with its own error. */
  write(write: EventWrite): Promise<void>;
}

interface Waiting {
  write: EventWrite;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes all runs' events in one store transaction per tick (`RunStore.writeEvents`): what the
 * engines emit while a batch is written waits for the next one, so one batch is under way at a
 * time and each run's events reach the store in the order they were written. A refused write
 * fails alone; a batch the store could not write fails each of its writes, none dropped silently.
 */
export function createEventBatcher(store: RunStore): EventBatcher {
  let waiting: Waiting[] = [];
  let scheduled = false;
  let writing: Promise<void> | undefined;

  const writeBatch = async (batch: Waiting[]) => {
    try {
      const outcomes = await store.writeEvents(batch.map((entry) => entry.write));
      batch.forEach((entry, position) => {
        const outcome = outcomes[position];
        if (outcome) entry.reject(outcome);
        else entry.resolve();
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  };
  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    writing = writeBatch(batch).finally(() => {
      writing = undefined;
      if (waiting.length > 0) schedule();
    });
  };
  // The next tick, so that every run emitting in this one joins the batch.
  const schedule = () => {
    if (scheduled || writing) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    write(write) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ write, resolve, reject });
        schedule();
      });
    },
  };
}
