import type { RunArchive } from '../archive/index.js';
import type { ResearchEvent, ResearchEventOf } from '../contract/index.js';
import { foldRunEvent } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { PageScreenshot } from '../reader/index.js';
import { type RunStore, StoreError, type WriteFence } from '../store/index.js';
import { type ActiveRun, cutOffToResume } from './active-run.js';
import type { EventBatcher } from './event-batcher.js';
import type { Logger } from './logger.js';
import { redactSecrets } from './redaction.js';
import { createStreamRedactor } from './stream-redactor.js';

/** Takes a run's events from the engine and stores them, in order, before anyone sees them. */
export interface EventWriter {
  /** The engine's `onEvent`. */
  onEvent(event: ResearchEvent): void;
  /** The engine's `onScreenshot`: stored before any event after it is published. */
  onScreenshot(screenshot: PageScreenshot): void;
  /** The engine's `onArchive`: the run's archive, stored before its `run-end` event is published. */
  onArchive(archive: RunArchive): void;
  /** Sends what report deltas held back, then resolves once every event so far is stored and published. */
  settle(): Promise<void>;
  /** The first write that failed, if one did. */
  readonly failure: unknown;
}

/**
 * Numbers each event after the run's stored ones, redacts secrets (across report deltas too),
 * stores it with its evaluation and the sources its reads name (one commit with the other runs'
 * events of the tick), then publishes it.
 */
export function createEventWriter(options: {
  runId: string;
  run: ActiveRun;
  /** Where the run's screenshots are stored. */
  store: RunStore;
  /** Stores the events, those of every run in one transaction per tick. */
  events: EventBatcher;
  /** Index of the first event to write: the run's stored event count. */
  firstIndex: number;
  secrets: readonly string[];
  publish: (event: ResearchEvent) => void;
  logger: Logger;
  now: () => Date;
  /** In a cluster: appends are made only while this node holds the run. */
  fence?: WriteFence;
}): EventWriter {
  const { store, runId: id, run } = options;
  let nextIndex = options.firstIndex;
  let writes: Promise<void> = Promise.resolve();
  let failure: unknown;
  const write = (task: () => Promise<void>) => {
    writes = writes.then(task).catch((error) => {
      failure ??= error;
      // Another node holds the run now (this one was presumed dead): its engine stops at once
      // rather than at this node's next heartbeat, and every later write is refused too.
      if (error instanceof StoreError && error.code === 'run_not_held' && !run.controller.signal.aborted) {
        run.stopCause ??= 'lost';
        run.controller.abort(error);
      }
      options.logger.log('error', 'event write failed', { runId: id, error: describeError(error) });
    });
  };
  const storeEvent = (event: ResearchEvent) => {
    // The engine numbers from 0 on every attempt; the log of a resumed run continues its numbering.
    const stored = redactSecrets({ ...event, runId: id, index: nextIndex++ }, options.secrets);
    run.figures = foldRunEvent(run.figures, stored);
    // Handed to the batcher now (in order), so that the events of every run emitting in this tick
    // share one commit, with the sources a read names and the evaluator's verdict; the event is
    // published only once that commit is made.
    const written = options.events.write({
      event: stored,
      sources: stored.type === 'tool-result' ? stored.sources : undefined,
      evaluation:
        stored.type === 'evaluation'
          ? { eventIndex: stored.index, attempt: stored.attempt, pass: stored.pass, checks: stored.checks }
          : undefined,
      fence: options.fence,
    });
    written.catch(() => {
      // Handled below, in order, by the write chain.
    });
    write(async () => {
      await written;
      options.publish(stored);
    });
  };

  // A secret split across report deltas is caught by redacting the stream as a whole: the tail that
  // may begin a secret waits for the next delta, or goes out before the next other event.
  const deltas = createStreamRedactor(options.secrets);
  let lastDelta: ResearchEventOf<'report-delta'> | undefined;
  const flushDeltas = () => {
    const rest = deltas.flush();
    if (rest && lastDelta) storeEvent({ ...lastDelta, text: rest, at: options.now().toISOString() });
  };

  return {
    onEvent(event) {
      // A run cut off to resume (its node shuts down, its research thread stopped) has not ended:
      // the `cancelled` end its engine makes as it stops is not stored, so the run's one `run-end`
      // is the one it makes when it finishes (or a client cancels it).
      if (event.type === 'run-end' && event.status === 'cancelled' && cutOffToResume(run)) return;
      if (event.type === 'report-delta') {
        lastDelta = event;
        const text = deltas.push(event.text);
        if (text) storeEvent({ ...event, text });
        return;
      }
      flushDeltas();
      storeEvent(event);
    },
    // Fenced like the events: a copy of the run taken over since writes neither.
    onScreenshot(screenshot) {
      write(() => store.putScreenshot(id, screenshot.url, screenshot.png, options.fence));
    },
    onArchive(archive) {
      write(() => store.archives.put(id, archive.warc, options.fence));
    },
    async settle() {
      flushDeltas();
      await writes;
    },
    get failure() {
      return failure;
    },
  };
}
