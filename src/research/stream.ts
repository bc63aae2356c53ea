import type { ResearchEvent, ResearchResult } from '../contract/index.js';
import { research } from './on-demand.js';
import type { ResearchOptions, ResearchRuntime } from './types.js';

/**
 * A run as a stream: every event as it happens, and the result when it ends. The stream itself
 * iterates the events too (`for await (const event of streamResearch(...))`), the same ones as
 * `events`: iterate one of the two, each event is delivered once.
 */
export interface ResearchStream extends AsyncIterable<ResearchEvent> {
  /** Ends after `run-end`; throws the run's error when it could not start (a ConfigError). */
  events: AsyncIterable<ResearchEvent>;
  /** The run's result; rejects with the error that kept it from starting. */
  result: Promise<ResearchResult>;
}

/** An unbounded queue that one consumer iterates; events are never dropped. */
function createEventQueue() {
  const buffer: ResearchEvent[] = [];
  let waiting: (() => void) | undefined;
  let closed = false;
  let failure: { error: unknown } | undefined;
  const wake = () => {
    waiting?.();
    waiting = undefined;
  };
  return {
    push(event: ResearchEvent) {
      buffer.push(event);
      wake();
    },
    close() {
      closed = true;
      wake();
    },
    fail(error: unknown) {
      failure = { error };
      closed = true;
      wake();
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<ResearchEvent> {
      for (;;) {
        const next = buffer.shift();
        if (next) {
          yield next;
          continue;
        }
        if (failure) throw failure.error;
        if (closed) return;
        await new Promise<void>((resolve) => {
          waiting = resolve;
        });
      }
    },
  };
}

/** Starts a run and returns its events as an async iterable (the stream, or `events`) and its result. */
export function streamResearch(options: ResearchOptions, runtime: ResearchRuntime = {}): ResearchStream {
  const queue = createEventQueue();
  const result = research(options, {
    ...runtime,
    onEvent: (event) => {
      queue.push(event);
      runtime.onEvent?.(event);
    },
  });
  result.then(
    () => queue.close(),
    (error: unknown) => queue.fail(error),
  );
  return { events: queue, result, [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator]() };
}
