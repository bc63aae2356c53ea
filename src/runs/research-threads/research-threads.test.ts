import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchConfig } from '../../config/index.js';
import { parseResearchConfig } from '../../config/schemas.js';
import type { ResearchEvent } from '../../contract/index.js';
import type { Source, SourceCache } from '../../reader/index.js';
import { research } from '../../research/index.js';
import { createMemoryStore } from '../../store/index.js';
import { cooperativeResearcher } from '../../testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../../testing/demo-world.js';
import { ALL_RUNS } from '../access.js';
import { createRunService } from '../create-run-service.js';
import { silentLogger } from '../logger.js';
import type { RunManager } from '../run-manager.js';
import { startResearchThread } from './start-research-thread.js';

// A research thread that stops (crash, out of memory, `terminate`) takes its runs with it: each ends
// `interrupted` with the events it had stored, and resumes from them on a new thread. Real threads
// from source, the real engine against the fake servers of the demo world.

const KEY = 'sk-thread-test-key';
let world: DemoWorld;
let runs: RunManager;
let config: ResearchConfig;
const threads: Worker[] = [];
const store = createMemoryStore();
/** A source cache in this thread that records what the threads asked of it. */
const cached = new Map<string, Source>();
const cacheCalls: string[] = [];
const recordingCache: SourceCache = {
  async get(url) {
    cacheCalls.push(`get ${url}`);
    return cached.get(url);
  },
  async put(source) {
    cacheCalls.push(`put ${source.url}`);
    cached.set(source.url, source);
  },
};
/** Milliseconds the fake model waits before each reply: slow, until the thread is stopped. */
let modelDelayMs = 400;

beforeAll(async () => {
  world = await startDemoWorld({
    script: (request) => ({ text: cooperativeResearcher(request), delayMs: modelDelayMs }),
  });
  config = parseResearchConfig({
    model: 'openai-compatible:fake',
    baseURL: world.llm.url,
    apiKey: KEY,
    search: ['searxng'],
    searxngUrl: world.search.url,
    allowHosts: [world.pages.host],
  });
  runs = createRunService({
    store,
    // Never called: research runs in the threads.
    runner: research,
    config,
    logger: silentLogger,
    // The server's cache (the database's on a server): the threads read and fill it through messages.
    capabilities: { sourceCache: recordingCache },
    threads: {
      size: 1,
      env: {},
      start: (data) => {
        const thread = startResearchThread(data);
        threads.push(thread);
        return thread;
      },
    },
  });
});
afterAll(async () => {
  await runs?.shutdown({ graceMs: 1000 });
  await world?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a research thread that stops', () => {
  it('leaves its run interrupted with its stored events, and the run resumes on a new thread', async () => {
    const { id } = await runs.start({
      question: 'When was the Eiffel Tower completed?',
      // A client's run: the operator's options (the server's defaults), stored without the key.
      options: config,
    });
    const before = await until(
      () => store.listEvents(id),
      (events) => events.length >= 3,
    );
    expect(threads).toHaveLength(1);
    await threads[0]?.terminate();

    const cut = await until(
      () => runs.get(id, ALL_RUNS),
      (run) => run.status !== 'running' && run.status !== 'queued',
    );
    expect(cut.status).toBe('interrupted');
    expect(cut.error?.code).toBe('thread_died');
    const kept = await store.listEvents(id);
    expect(kept.slice(0, before.length)).toEqual(before);
    expect(kept.some((event) => event.type === 'run-end' || event.type === 'run-error')).toBe(false);

    modelDelayMs = 0;
    await runs.resume(id, ALL_RUNS);
    const resumed = await until(
      () => runs.get(id, ALL_RUNS),
      (run) => !['queued', 'running', 'interrupted'].includes(run.status),
    );
    expect(['completed', 'best_effort']).toContain(resumed.status);
    expect(resumed.result?.answer).toContain('1889');
    expect(threads).toHaveLength(2);
    const events: ResearchEvent[] = await store.listEvents(id);
    expect(events.slice(0, kept.length)).toEqual(kept);
    expect(events.map((event) => event.index)).toEqual(events.map((_, index) => index));
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(KEY);
    // The pages were looked up in, and stored to, the cache of this thread.
    const page = `${world.pages.origin}/eiffel-tower`;
    expect(cacheCalls).toContain(`get ${page}`);
    expect(cacheCalls).toContain(`put ${page}`);
  }, 90_000);
});
