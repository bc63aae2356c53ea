import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import { normalRun } from '../state/fixtures/index.js';
import { type EventSourceLike, followRun } from './event-stream.js';

/** A scripted EventSource: tests push SSE messages and errors into it. */
class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onerror: EventSourceLike['onerror'] = null;
  onopen: EventSourceLike['onopen'] = null;
  private readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  }
  sendEvent(event: ResearchEvent) {
    this.send(event.type, event);
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.call(this, new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function setup(after = -1) {
  const sources: FakeEventSource[] = [];
  const received: number[] = [];
  const ends: string[] = [];
  const stream = followRun({
    urlAfter: (index) => `/api/runs/r/events?after=${index}`,
    after,
    onEvent: (event) => received.push(event.index),
    onEnd: (status) => ends.push(status),
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    retryDelayMs: 1,
  });
  return { sources, received, ends, stream };
}

describe('followRun', () => {
  it('starts after the last event already shown and drops replayed events', () => {
    const { sources, received } = setup(2);
    expect(sources[0]?.url).toBe('/api/runs/r/events?after=2');
    for (const event of normalRun.slice(0, 6)) sources[0]!.sendEvent(event);
    // A browser reconnect may resend from the Last-Event-ID; overlap must not show twice.
    for (const event of normalRun.slice(4, 8)) sources[0]!.sendEvent(event);
    expect(received).toEqual([3, 4, 5, 6, 7]);
  });

  it('reopens a stream the browser gave up on from the last delivered index', async () => {
    const { sources, received } = setup();
    for (const event of normalRun.slice(0, 4)) sources[0]!.sendEvent(event);
    sources[0]!.fail(0);
    expect(sources).toHaveLength(1);
    sources[0]!.fail(2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sources).toHaveLength(2);
    expect(sources[1]?.url).toBe('/api/runs/r/events?after=3');
    for (const event of normalRun.slice(3, 6)) sources[1]!.sendEvent(event);
    expect(received).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('closes for good when the server says the run ended', async () => {
    const { sources, ends } = setup();
    sources[0]!.send('end', { status: 'completed' });
    expect(ends).toEqual(['completed']);
    expect(sources[0]?.closed).toBe(true);
    sources[0]!.fail(2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sources).toHaveLength(1);
  });
});
