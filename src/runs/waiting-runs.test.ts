import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyClaims, type ResearchEvent } from '../contract/index.js';
import { createMemoryStore, type RunRecord, type RunStore } from '../store/index.js';
import { silentLogger } from './logger.js';
import { WaitingRuns } from './waiting-runs.js';

const ASKED_AT = '2026-11-27T08:00:00.000Z';
const WAIT_MS = 60_000;

/** A run that asked a clarifying question at `askedAt` and waits: `needs_input`, its request last. */
async function waitingRun(store: RunStore, id: string, askedAt = ASKED_AT): Promise<void> {
  await store.createRun({ id, question: 'q', options: {}, createdAt: ASKED_AT });
  const first = (await store.listEvents(id)).length;
  await store.appendEvent({
    type: 'input-request',
    request: { kind: 'clarify', questions: ['Which one?'] },
    elapsedMs: 5,
    runId: id,
    index: first,
    at: askedAt,
    step: 0,
  });
  await store.updateRun(id, { status: 'needs_input' });
}

/** One node's waiting runs on a shared store, with its own clock; records what it queued and ended. */
function node(store: RunStore, clock: { now: number }) {
  const requeued: string[] = [];
  const ended: string[] = [];
  const waiting = new WaitingRuns({
    store,
    now: () => new Date(clock.now),
    publish: () => {},
    waitMs: WAIT_MS,
    logger: silentLogger,
    requeue: async (record: RunRecord) => {
      requeued.push(record.id);
    },
    ended: (id) => ended.push(id),
    logState: () => {},
  });
  return { waiting, requeued, ended };
}

const types = async (store: RunStore, id: string) =>
  (await store.listEvents(id)).map((event: ResearchEvent) => event.type);

const nodes: WaitingRuns[] = [];
afterEach(() => {
  for (const waiting of nodes.splice(0)) waiting.stop();
});

describe('WaitingRuns on nodes sharing one store', () => {
  it('ends a wait whose time is over exactly once, however many nodes find it at once', async () => {
    const store = createMemoryStore();
    await waitingRun(store, 'a');
    const clock = { now: Date.parse(ASKED_AT) + WAIT_MS + 1 };
    const all = [node(store, clock), node(store, clock), node(store, clock)];
    nodes.push(...all.map((each) => each.waiting));
    await Promise.all(all.map((each) => each.waiting.end('a', 'input_timeout')));
    expect(await types(store, 'a')).toEqual(['input-request', 'run-end']);
    expect(await store.getRun('a')).toMatchObject({
      status: 'cancelled',
      result: { stopReason: 'input_timeout' },
    });
    expect(all.flatMap((each) => each.ended)).toEqual(['a']);
  });

  it('lets one answer in when two nodes answer at once; the other is told it was given', async () => {
    const store = createMemoryStore();
    await waitingRun(store, 'a');
    const clock = { now: Date.parse(ASKED_AT) + 1000 };
    const [first, second] = [node(store, clock), node(store, clock)];
    const record = (await store.getRun('a')) as RunRecord;
    const results = await Promise.allSettled([
      first.waiting.answer(record, { answers: ['This one'] }),
      second.waiting.answer(record, { answers: ['That one'] }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'input_already_given' });
    expect(await types(store, 'a')).toEqual(['input-request', 'input-answer']);
    expect((await store.getRun('a'))?.status).toBe('queued');
    expect([...first.requeued, ...second.requeued]).toEqual(['a']);
  });

  it('refuses an answer that comes after another node ended the wait, as not waiting', async () => {
    const store = createMemoryStore();
    await waitingRun(store, 'a');
    const clock = { now: Date.parse(ASKED_AT) + WAIT_MS + 1 };
    const [expiring, answering] = [node(store, clock), node(store, clock)];
    const before = (await store.getRun('a')) as RunRecord;
    await expiring.waiting.end('a', 'input_timeout');
    await expect(answering.waiting.answer(before, { answers: ['Late'] })).rejects.toMatchObject({
      code: 'not_waiting',
    });
    expect(await types(store, 'a')).toEqual(['input-request', 'run-end']);
    expect(answering.requeued).toEqual([]);
  });

  it('arms the waits of runs that paused on another node, and ends them on time', async () => {
    vi.useFakeTimers({ now: Date.parse(ASKED_AT) });
    try {
      const store = createMemoryStore();
      await waitingRun(store, 'a');
      const clock = {
        get now() {
          return Date.now();
        },
      };
      const other = node(store, clock);
      nodes.push(other.waiting);
      await other.waiting.sweep();
      await vi.advanceTimersByTimeAsync(WAIT_MS - 1000);
      expect((await store.getRun('a'))?.status).toBe('needs_input');
      await vi.advanceTimersByTimeAsync(2000);
      await vi.waitFor(async () => expect((await store.getRun('a'))?.status).toBe('cancelled'), {
        timeout: 30_000,
      });
      expect(other.ended).toEqual(['a']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never ends a later request early when a timer armed for an earlier one fires', async () => {
    const store = createMemoryStore();
    await waitingRun(store, 'a');
    const clock = { now: Date.parse(ASKED_AT) + WAIT_MS + 1 };
    // Answered, continued, and paused again with a new question just now.
    await store.appendEvent({
      type: 'input-answer',
      answer: { kind: 'clarify', answers: ['x'] },
      runId: 'a',
      index: 1,
      at: ASKED_AT,
      step: 0,
    });
    await store.appendEvent({
      type: 'input-request',
      request: { kind: 'clarify', questions: ['And now?'] },
      elapsedMs: 9,
      runId: 'a',
      index: 2,
      at: new Date(clock.now - 1000).toISOString(),
      step: 0,
    });
    const stale = node(store, clock);
    nodes.push(stale.waiting);
    await stale.waiting.end('a', 'input_timeout');
    expect((await store.getRun('a'))?.status).toBe('needs_input');
    expect(await types(store, 'a')).toEqual(['input-request', 'input-answer', 'input-request']);
  });

  it('finishes what a stopped node left half done: an ended wait gets its state, an answered run is queued', async () => {
    const store = createMemoryStore();
    await waitingRun(store, 'ended');
    await waitingRun(store, 'answered');
    const clock = { now: Date.parse(ASKED_AT) + 5 * 60_000 };
    const stopped = node(store, clock);
    // The stopped node stored its event; the run's state still says needs_input.
    await store.appendEvent({
      type: 'run-end',
      status: 'cancelled',
      stopReason: 'cancelled',
      answer: '',
      references: [],
      claims: emptyClaims(),
      words: 0,
      usage: (await store.getRun('ended'))?.usage as RunRecord['usage'],
      llmCalls: 0,
      steps: 0,
      durationMs: 5,
      runId: 'ended',
      index: 1,
      at: ASKED_AT,
      step: 0,
    });
    await store.appendEvent({
      type: 'input-answer',
      answer: { kind: 'clarify', answers: ['x'] },
      runId: 'answered',
      index: 1,
      at: ASKED_AT,
      step: 0,
    });
    const other = node(store, clock);
    nodes.push(stopped.waiting, other.waiting);
    await other.waiting.sweep();
    expect(await store.getRun('ended')).toMatchObject({
      status: 'cancelled',
      result: { stopReason: 'cancelled' },
    });
    expect((await store.getRun('answered'))?.status).toBe('queued');
    expect(other.requeued).toEqual(['answered']);
    expect(other.ended).toEqual(['ended']);
  });
});
