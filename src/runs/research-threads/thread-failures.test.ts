import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/schemas.js';
import { createMemoryStore } from '../../store/index.js';
import { ALL_RUNS } from '../access.js';
import { createRunService } from '../create-run-service.js';
import { silentLogger } from '../logger.js';
import type { RunManager } from '../run-manager.js';
import { createResearchThreads, type ResearchThreads } from './research-threads.js';

// Research threads that fail: one that cannot load the engine is reported at once, saying why and
// what to do; one that goes past its heap limit leaves its run interrupted with its events kept and
// an error naming the limit. The threads are stand-ins (plain scripts) that fail the way real ones do.

/** A thread that throws while it loads, as one whose engine or corpora cannot load does. */
const BROKEN_THREAD = `throw new Error('the engine could not be loaded');`;

/**
 * A thread that, given a run, sends one event, then holds ever more memory: a heap limit stops it
 * partway. Without one it ends the run with an error of its own after about 400 MB.
 */
const GREEDY_THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (message) => {
  if (message.type !== 'start') return;
  const event = { type: 'warning', code: 'about_to_allocate', message: 'holding memory', runId: message.runId, index: 0, at: new Date().toISOString(), step: 0 };
  parentPort.postMessage({ type: 'event', runId: message.runId, event });
  setTimeout(() => {
    const held = [];
    for (let chunk = 0; chunk < 500; chunk++) held.push(new Array(100_000).fill(chunk));
    parentPort.postMessage({ type: 'error', runId: message.runId, code: 'survived', message: 'held ' + held.length + ' chunks' });
  }, 50);
});
`;

let threads: ResearchThreads | undefined;
let runs: RunManager | undefined;
afterEach(async () => {
  await runs?.shutdown({ graceMs: 100 });
  await threads?.close(100);
  runs = undefined;
  threads = undefined;
});

const config = parseResearchConfig({ model: 'openai-compatible:fake', baseURL: 'http://127.0.0.1:9' });

describe('a research thread that cannot start', () => {
  it('is reported before any run, with its cause and the way out', async () => {
    threads = createResearchThreads({
      size: 1,
      data: { config, env: {} },
      start: () => new Worker(BROKEN_THREAD, { eval: true }),
    });
    const failure = await threads.ready().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'thread_start_failed' });
    expect((failure as Error).message).toContain('the engine could not be loaded');
    expect((failure as Error).message).toContain('--executor thread');
  }, 30_000);
});

describe('a research thread past its heap limit', () => {
  it('leaves its run interrupted, its events kept, with an error naming the limit', async () => {
    const store = createMemoryStore();
    runs = createRunService({
      store,
      runner: async () => {
        throw new Error('research runs in the threads');
      },
      config,
      logger: silentLogger,
      threads: {
        size: 1,
        env: {},
        memoryMb: 32,
        start: (_data, resourceLimits) => new Worker(GREEDY_THREAD, { eval: true, resourceLimits }),
      },
    });
    const { id } = await runs.start({ question: 'How much memory is enough?', options: config });
    let run = await runs.get(id, ALL_RUNS);
    while (run.status === 'queued' || run.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = await runs.get(id, ALL_RUNS);
    }
    expect(run.status).toBe('interrupted');
    expect(run.error?.code).toBe('thread_out_of_memory');
    expect(run.error?.message).toContain('32 MB');
    expect(run.error?.message).toContain('--thread-memory');
    const events = await store.listEvents(id);
    expect(events.map((event) => event.type)).toEqual(['warning']);
  }, 60_000);
});
