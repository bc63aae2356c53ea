import type { ResearchEvent } from '../contract/index.js';
import type { RunStore } from '../store/index.js';
import type { RunListener } from './event-hub.js';

/** Where live events come from: the runs executing in this process. */
export interface LiveRuns {
  /** Listens to a run's stored events as they are written; the returned function stops. */
  subscribe(runId: string, listener: RunListener): () => void;
  /** Whether the run is queued or running (in this process, or on any node of a cluster). */
  isLive(runId: string): boolean | Promise<boolean>;
}

/**
 * Yields a run's events with `index > after` in order: the stored ones first, then live ones as
 * they are written, ending when the run ends (at once for a finished run) or `signal` aborts.
 * Each event is yielded exactly once, with no gap, whatever the timing of the two sources.
 */
export async function* followRunEvents(options: {
  live: LiveRuns;
  store: RunStore;
  runId: string;
  after: number;
  signal?: AbortSignal;
}): AsyncGenerator<ResearchEvent> {
  const { live, store, runId, signal } = options;
  const pending: ResearchEvent[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  // Listening starts before the stored events are read, so nothing written in between is missed.
  const stop = live.subscribe(runId, {
    onEvent(event) {
      pending.push(event);
      wake?.();
    },
    onEnd() {
      ended = true;
      wake?.();
    },
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    let last = options.after;
    for (const event of await store.listEvents(runId, { after: last })) {
      yield event;
      last = event.index;
    }
    if (!(await live.isLive(runId))) {
      for (const event of await store.listEvents(runId, { after: last })) yield event;
      return;
    }
    while (!signal?.aborted) {
      let event = pending.shift();
      while (event) {
        if (event.index > last) {
          yield event;
          last = event.index;
        }
        event = pending.shift();
      }
      if (ended) {
        // Whatever was stored before the end and not heard (an announcement lost between nodes).
        for (const event of await store.listEvents(runId, { after: last })) yield event;
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop();
  }
}
