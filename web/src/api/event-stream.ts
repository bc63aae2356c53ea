import { EVENT_TYPES, type ResearchEvent } from '../../../src/contract/index.js';

/** The part of the browser's EventSource the stream uses (a fake in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void): void;
  onerror: ((this: EventSourceLike, event: Event) => unknown) | null;
  onopen: ((this: EventSourceLike, event: Event) => unknown) | null;
  close(): void;
}

/** `EventSource.CLOSED`: the browser gave up and will not reconnect by itself. */
const CLOSED = 2;

export type StreamConnection = 'connecting' | 'open' | 'reconnecting' | 'ended';

export interface FollowRunOptions {
  /** Stream URL that sends events after the given index (`/api/runs/:id/events?after=N`). */
  urlAfter: (after: number) => string;
  /** Index of the last event already shown; -1 for none. */
  after: number;
  onEvent: (event: ResearchEvent) => void;
  /** The server said the run has ended (`event: end`); the stream is closed. */
  onEnd: (status: string) => void;
  onConnection?: (state: StreamConnection) => void;
  createEventSource?: (url: string) => EventSourceLike;
  /** Wait before reopening a stream the browser gave up on, in milliseconds. */
  retryDelayMs?: number;
}

/**
 * Follows a run's live events over SSE. Every event is delivered once, in index order: an event at
 * or below the last delivered index is dropped, so the browser's own reconnects (which send
 * `Last-Event-ID`) and our reopening with `?after=N` never duplicate or lose one. Returns `close`.
 */
export function followRun(options: FollowRunOptions): { close: () => void } {
  const create = options.createEventSource ?? ((url: string) => new EventSource(url) as EventSourceLike);
  const retryDelayMs = options.retryDelayMs ?? 1000;
  let last = options.after;
  let source: EventSourceLike | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const deliver = (message: MessageEvent<string>) => {
    const event = JSON.parse(message.data) as ResearchEvent;
    if (event.index <= last) return;
    last = event.index;
    options.onEvent(event);
  };

  const open = () => {
    options.onConnection?.('connecting');
    const current = create(options.urlAfter(last));
    source = current;
    for (const type of EVENT_TYPES) current.addEventListener(type, deliver);
    current.addEventListener('end', (message) => {
      close();
      options.onConnection?.('ended');
      const body = JSON.parse(message.data) as { status?: string };
      options.onEnd(body.status ?? 'unknown');
    });
    current.onopen = () => options.onConnection?.('open');
    current.onerror = () => {
      if (closed) return;
      options.onConnection?.('reconnecting');
      if (current.readyState !== CLOSED) return;
      current.close();
      retryTimer = setTimeout(open, retryDelayMs);
    };
  };

  const close = () => {
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    source?.close();
  };

  open();
  return { close };
}
