import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import type { ResearchEvent } from '../contract/index.js';
import type { Source, SourceCache } from '../reader/types.js';
import { createMemoryStore, type RunStore } from '../store/index.js';
import { createFakeRunner } from '../testing/fake-runner.js';
import { ALL_RUNS } from './access.js';
import { silentLogger } from './logger.js';
import { RunManager } from './run-manager.js';
import type { Runner } from './runner.js';

const config = parseResearchConfig({ apiKey: 'sk-secret-key-123' });

function setup(runner: Runner, options: { maxConcurrentRuns?: number; store?: RunStore } = {}) {
  const store = options.store ?? createMemoryStore();
  let counter = 0;
  const manager = new RunManager({
    store,
    runner,
    maxConcurrentRuns: options.maxConcurrentRuns ?? 4,
    logger: silentLogger,
    secrets: ['sk-secret-key-123'],
    connection: { apiKey: 'sk-secret-key-123', allowHosts: [] },
    createId: () => `run-${++counter}`,
  });
  return { store, manager };
}

describe('RunManager', () => {
  it('runs in the background, storing every event before a listener sees it', async () => {
    const { store, manager } = setup(createFakeRunner({ steps: 2 }));
    const seen: number[] = [];
    const storedWhenSeen: boolean[] = [];
    const record = await manager.start({ question: 'Why?', options: config });
    expect(record.status).toBe('queued');
    manager.subscribe(record.id, {
      onEvent(event) {
        seen.push(event.index);
        void store.getRun(record.id).then((run) => storedWhenSeen.push((run?.eventCount ?? 0) > event.index));
      },
      onEnd() {},
    });
    const ended = await manager.waitForEnd(record.id);
    expect(ended.status).toBe('completed');
    expect(ended.result?.answer).toBe('The answer [1].');
    expect(ended.usage.totalTokens).toBe(200);
    expect(ended.metrics.tools.search).toMatchObject({ calls: 2, succeeded: 2 });
    const events = await store.listEvents(record.id);
    expect(events.map((event) => event.index)).toEqual(events.map((_, index) => index));
    expect(seen).toEqual(events.map((event) => event.index));
    expect(storedWhenSeen.every(Boolean)).toBe(true);
    expect(await store.listEvaluations(record.id)).toHaveLength(1);
  });

  it('never stores the API key, yet hands it to the engine', async () => {
    const runner = createFakeRunner({ answer: 'leaked sk-secret-key-123 here' });
    const { store, manager } = setup(runner);
    const { id } = await manager.start({ question: 'q', options: config });
    const ended = await manager.waitForEnd(id);
    expect(runner.calls[0]?.options.apiKey).toBe('sk-secret-key-123');
    expect(JSON.stringify(ended)).not.toContain('sk-secret-key-123');
    expect(JSON.stringify(await store.listEvents(id))).not.toContain('sk-secret-key-123');
    expect(ended.result?.answer).toBe('leaked [redacted] here');
  });

  it("executes a run with the operator's connection options as they are when it starts, never the ones it was queued with", async () => {
    const runner = createFakeRunner();
    const connection = { apiKey: 'sk-operator', baseURL: 'http://operator.example/v1', allowHosts: [] };
    const manager = new RunManager({
      store: createMemoryStore(),
      runner,
      maxConcurrentRuns: 1,
      logger: silentLogger,
      connection,
    });
    const queued = {
      ...config,
      apiKey: 'sk-queued',
      baseURL: 'http://queued.example/v1',
      allowHosts: ['10.0.0.1'],
    };
    const { id } = await manager.start({ question: 'q', options: queued });
    await manager.waitForEnd(id);
    expect(runner.calls[0]?.options).toMatchObject(connection);
  });

  it('runs at most maxConcurrentRuns at once; the rest wait in order', async () => {
    const fake = createFakeRunner({ steps: 2, stepDelayMs: 30 });
    let running = 0;
    let most = 0;
    const runner: Runner = async (options, runtime) => {
      most = Math.max(most, ++running);
      try {
        return await fake(options, runtime);
      } finally {
        running -= 1;
      }
    };
    const { store, manager } = setup(runner, { maxConcurrentRuns: 2 });
    const runs = [];
    for (let index = 0; index < 4; index++)
      runs.push(await manager.start({ question: `q${index}`, options: config }));
    await Promise.all(runs.map((run) => manager.waitForEnd(run.id)));
    expect(most).toBe(2);
    expect(fake.calls.map((call) => call.options.question)).toEqual(['q0', 'q1', 'q2', 'q3']);
    const records = await Promise.all(runs.map((run) => store.getRun(run.id)));
    expect(records.map((run) => run?.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('cancels a queued run at once and a running one through its signal', async () => {
    const { store, manager } = setup(createFakeRunner({ steps: 50, stepDelayMs: 20 }), {
      maxConcurrentRuns: 1,
    });
    const running = await manager.start({ question: 'a', options: config });
    const queued = await manager.start({ question: 'b', options: config });
    expect((await manager.cancel(queued.id, ALL_RUNS)).status).toBe('cancelled');
    // Until the first run is under way (its first event stored).
    while ((await store.listEvents(running.id)).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await manager.cancel(running.id, ALL_RUNS);
    expect((await manager.waitForEnd(running.id)).status).toBe('cancelled');
    expect((await store.getRun(queued.id))?.eventCount).toBe(0);
    await expect(manager.cancel(running.id, ALL_RUNS)).rejects.toMatchObject({ code: 'run_ended' });
    await expect(manager.cancel('nope', ALL_RUNS)).rejects.toMatchObject({ code: 'run_not_found' });
  });

  it('records an engine crash as failed with a run-error event', async () => {
    const { store, manager } = setup(createFakeRunner({ throwError: new Error('boom') }));
    const { id } = await manager.start({ question: 'q', options: config });
    const ended = await manager.waitForEnd(id);
    expect(ended).toMatchObject({ status: 'failed', error: { code: 'internal', message: 'boom' } });
    const events = await store.listEvents(id);
    expect(events.at(-1)).toMatchObject({ type: 'run-error', code: 'internal', index: events.length - 1 });
  });

  it('recovers interrupted runs and resumes them from their stored events, numbering on', async () => {
    const store = createMemoryStore();
    // The first manager's view of the store: once it has crashed, nothing it writes lands (its
    // run, still going in this test process, must not write beside the run resumed from it).
    let crashed = false;
    const crashingStore = new Proxy(store, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...parameters: unknown[]) =>
          crashed ? Promise.reject(new Error('the process has crashed')) : value.apply(target, parameters);
      },
    });
    const first = setup(createFakeRunner({ steps: 100, stepDelayMs: 10 }), { store: crashingStore });
    const { id } = await first.manager.start({ question: 'q', options: config });
    // Until the run has stored a few events (by what happened, not by a duration).
    while ((await store.listEvents(id)).length <= 3) await new Promise((resolve) => setTimeout(resolve, 10));
    // A crash: the manager is dropped without ending its run.
    crashed = true;
    const before = await store.listEvents(id);
    expect(before.length).toBeGreaterThan(3);

    const resumedRunner = createFakeRunner({ steps: 1 });
    const second = setup(resumedRunner, { store });
    expect(await second.manager.recover()).toEqual([id]);
    const interrupted = await store.getRun(id);
    expect(interrupted?.status).toBe('interrupted');
    expect(interrupted?.metrics.steps).toBeGreaterThan(0);
    expect((await second.manager.resume(id, ALL_RUNS)).status).toBe('queued');
    const ended = await second.manager.waitForEnd(id);
    expect(ended.status).toBe('completed');
    const resumeFrom = resumedRunner.calls[0]?.runtime.resumeFrom as ResearchEvent[];
    expect(resumeFrom.length).toBeGreaterThanOrEqual(before.length);
    const all = await store.listEvents(id);
    expect(all.map((event) => event.index)).toEqual(all.map((_, index) => index));
    await expect(second.manager.resume(id, ALL_RUNS)).rejects.toMatchObject({ code: 'not_resumable' });
    // The first manager's run is still going in this test process: stop it.
    await first.manager.shutdown({ graceMs: 0 });
  });

  it('resumes a run whose events already end it (its node stopped before storing its end) without running it again', async () => {
    for (const ending of [
      createFakeRunner({ steps: 2 }),
      createFakeRunner({ throwError: new Error('boom') }),
    ]) {
      const done = setup(ending);
      const { id } = await done.manager.start({ question: 'q', options: config });
      const ended = await done.manager.waitForEnd(id);
      // Another store holds the same events with the run's state as the crash left it: running.
      const store = createMemoryStore();
      await store.createRun({ id, question: 'q', options: {}, createdAt: '2026-11-27T08:00:00.000Z' });
      await store.updateRun(id, { status: 'running' });
      const events = await done.store.listEvents(id);
      for (const event of events) await store.appendEvent(event);

      const runner = createFakeRunner({ steps: 1 });
      const { manager } = setup(runner, { store });
      expect(await manager.recover()).toEqual([id]);
      await manager.resume(id, ALL_RUNS);
      const resumed = await manager.waitForEnd(id);
      expect(runner.calls).toHaveLength(0);
      expect(await store.listEvents(id)).toEqual(events);
      expect(resumed).toMatchObject({
        status: ended.status,
        endedAt: events.at(-1)?.at,
        usage: ended.usage,
        ...(ended.result ? { result: ended.result } : { error: ended.error }),
      });
      expect(resumed.metrics.steps).toBe(ended.metrics.steps);
    }
  });

  it('runs a run cut off by shutdown again when it is resumed, whether its engine ended cancelled or threw', async () => {
    const throwsWhenStopped: Runner = (_options, runtime) =>
      new Promise((_resolve, reject) =>
        runtime.signal?.addEventListener('abort', () => reject(new Error('stopped mid-step'))),
      );
    for (const first of [createFakeRunner({ steps: 1000, stepDelayMs: 10 }), throwsWhenStopped]) {
      const store = createMemoryStore();
      const before = setup(first, { store });
      const { id } = await before.manager.start({ question: 'q', options: config });
      await new Promise((resolve) => setTimeout(resolve, 40));
      await before.manager.shutdown({ graceMs: 0 });
      await before.manager.waitForEnd(id);
      expect((await store.getRun(id))?.status).toBe('interrupted');
      expect((await store.listEvents(id)).some((event) => event.type === 'run-error')).toBe(false);

      const runner = createFakeRunner({ steps: 1 });
      const after = setup(runner, { store });
      await after.manager.resume(id, ALL_RUNS);
      expect((await after.manager.waitForEnd(id)).status).toBe('completed');
      expect(runner.calls).toHaveLength(1);
    }
  });

  it('shuts down: queued runs and runs past the grace period are left interrupted', async () => {
    const { store, manager } = setup(createFakeRunner({ steps: 1000, stepDelayMs: 10 }), {
      maxConcurrentRuns: 1,
    });
    const running = await manager.start({ question: 'a', options: config });
    const queued = await manager.start({ question: 'b', options: config });
    await manager.shutdown({ graceMs: 30 });
    expect((await store.getRun(running.id))?.status).toBe('interrupted');
    expect((await store.getRun(queued.id))?.status).toBe('interrupted');
    await expect(manager.start({ question: 'c', options: config })).rejects.toMatchObject({
      code: 'shutting_down',
    });
  });

  it('shuts down: a run that takes a while to stop after the grace is still stored interrupted', async () => {
    // Each step takes 200 ms and the run notices the abort only between steps: far past the 30 ms grace.
    const { store, manager } = setup(createFakeRunner({ steps: 1000, stepDelayMs: 200 }));
    const running = await manager.start({ question: 'a', options: config });
    await manager.shutdown({ graceMs: 30 });
    expect((await store.getRun(running.id))?.status).toBe('interrupted');
  });

  it("records the sources its reads' events name, fetched or from the shared cache", async () => {
    const store = createMemoryStore();
    const cached = new Map<string, Source>();
    const sourceCache: SourceCache = {
      get: async (url) => cached.get(url),
      put: async (source) => {
        cached.set(source.url, source);
      },
    };
    const page: Source = {
      url: 'https://example.com/a',
      finalUrl: 'https://example.com/a',
      title: 'A',
      contentType: 'text/html',
      markdown: 'A',
      text: 'A',
      passages: [],
      contentHash: 'hash-a',
      fetchedAt: '2026-11-22T08:00:00.000Z',
    };
    const expected = {
      url: page.url,
      finalUrl: page.finalUrl,
      title: 'A',
      contentHash: 'hash-a',
      fetchedAt: page.fetchedAt,
    };
    const fake = createFakeRunner();
    // Like the engine's read step: read through the shared cache, then say so in a tool-result.
    const reading: Runner = async (options, runtime) => {
      const source = (await runtime.sourceCache?.get(page.url)) ?? page;
      await runtime.sourceCache?.put(source, 60_000);
      const base = { runId: runtime.runId ?? '', index: 0, at: new Date().toISOString(), step: 1 };
      runtime.onEvent?.({ ...base, type: 'tool-call', callId: 'c1', tool: 'read', input: { url: page.url } });
      runtime.onEvent?.({
        ...base,
        type: 'tool-result',
        callId: 'c1',
        tool: 'read',
        ok: true,
        durationMs: 1,
        summary: 'read 1 words',
        sources: [expected],
      });
      return fake(options, runtime);
    };
    const manager = new RunManager({
      store,
      runner: reading,
      maxConcurrentRuns: 1,
      logger: silentLogger,
      capabilities: { sourceCache },
    });
    const first = await manager.start({ question: 'a', options: config });
    await manager.waitForEnd(first.id);
    const second = await manager.start({ question: 'b', options: config });
    await manager.waitForEnd(second.id);
    expect(await store.listSources(first.id)).toEqual([expected]);
    // The second run found the page in the cache: still one of its sources.
    expect(await store.listSources(second.id)).toEqual([expected]);
    expect(await manager.sources(second.id, ALL_RUNS)).toEqual([expected]);
  });

  it('deletes a running run after cancelling it', async () => {
    const { store, manager } = setup(createFakeRunner({ steps: 1000, stepDelayMs: 10 }));
    const { id } = await manager.start({ question: 'a', options: config });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await manager.remove(id, ALL_RUNS);
    expect(await store.getRun(id)).toBeUndefined();
    expect(await store.listEvents(id)).toEqual([]);
  });
});
