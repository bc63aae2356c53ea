import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { RESEARCH_THREAD_NICENESS } from './thread-priority.js';

// The research thread's priority is lowered, and only its own: the thread that serves HTTP keeps
// its priority, so that it runs first when the cores are busy. Linux only (elsewhere a priority is
// the whole process's, and nothing is changed).

const onLinux = process.platform === 'linux';

/** Lowers a new thread's priority with `lowerThreadPriority`, then reports its own priority. */
function lowerInAThread(): Promise<{ problem: string | undefined; priority: number }> {
  const loader = import.meta.resolve('tsx/esm/api');
  const module = new URL('./thread-priority.ts', import.meta.url).href;
  const code = `
    const { parentPort } = require('node:worker_threads');
    const { readlinkSync } = require('node:fs');
    const { getPriority } = require('node:os');
    import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}); })
      .then(({ lowerThreadPriority }) => {
        const problem = lowerThreadPriority();
        const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
        parentPort.postMessage({ problem, priority: getPriority(threadId) });
      });
  `;
  const worker = new Worker(code, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', (report) => {
      void worker.terminate();
      resolve(report);
    });
    worker.once('error', reject);
  });
}

describe.skipIf(!onLinux)('lowerThreadPriority', () => {
  it("lowers the calling thread's priority, not the main thread's", async () => {
    const mainThread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    const before = getPriority(mainThread);
    const report = await lowerInAThread();
    expect(report.problem).toBeUndefined();
    expect(report.priority).toBe(Math.min(19, before + RESEARCH_THREAD_NICENESS));
    expect(getPriority(mainThread)).toBe(before);
  }, 30_000);
});
