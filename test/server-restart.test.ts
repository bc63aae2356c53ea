import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ResearchEvent } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { startDemoWorld } from '../src/testing/demo-world.js';
import { expectInterruptedAndResumed, startRunAndKill } from './helpers/crash-resume.js';
import { binPath } from './helpers/run-cli.js';
import { readEvents } from './helpers/serve.js';

const directory = mkdtempSync(join(tmpdir(), 'deepresearch-restart-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(directory, { recursive: true, force: true });
});

/** Starts the real `deepresearch serve` and resolves with its URL once it listens. */
async function startServer(
  args: string[],
): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [binPath, 'serve', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: directory, DEEPRESEARCH_FROM_SOURCE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${stderr}`)));
  });
  return { child, url, stderr: () => stderr };
}

describe('deepresearch serve across a crash', () => {
  it('comes back after SIGKILL with the run interrupted, every emitted event kept, and resumable', async () => {
    let delayMs = 300;
    const world = await startDemoWorld({
      script: (request) => ({ text: cooperativeResearcher(request), delayMs }),
    });
    const db = join(directory, 'runs.db');
    try {
      const first = await startServer(['--db', db, ...world.args]);
      const { id, received } = await startRunAndKill(first);

      delayMs = 0;
      const second = await startServer(['--db', db, ...world.args]);
      await expectInterruptedAndResumed(second.url, id, received);

      second.child.kill('SIGTERM');
      const code = await new Promise((resolve) => second.child.once('exit', resolve));
      expect(code).toBe(0);
      expect(second.stderr()).toContain('Stopped.');
    } finally {
      await world.close();
    }
  }, 60_000);

  it('ends a run a shutdown cut off exactly once: one run-end, the last event, after it resumes', async () => {
    // The model answers its first calls, then hangs until the restart: the shutdown's grace runs
    // out with the run mid-way, and the server stops it.
    let hanging = true;
    let heldCall: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      heldCall = resolve;
    });
    const world = await startDemoWorld({
      script: (request, callIndex) => {
        if (hanging && callIndex >= 2) {
          heldCall();
          return { hang: true };
        }
        return cooperativeResearcher(request);
      },
    });
    const db = join(directory, 'shutdown.db');
    try {
      const first = await startServer(['--db', db, ...world.args]);
      const created = await fetch(`${first.url}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
      });
      const { id } = (await created.json()) as { id: string };
      await held;
      // A client follows the run through the shutdown: what it reads must not say the run ended.
      const followed: ResearchEvent[] = [];
      const following = readEvents(`${first.url}/api/runs/${id}/events`, followed, () => false);
      // The stream is open (it replays the run's first events) before the shutdown closes the port;
      // under load the request could otherwise arrive after it.
      await vi.waitFor(() => expect(followed.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
      first.child.kill('SIGTERM');
      expect(await new Promise((resolve) => first.child.once('exit', resolve))).toBe(0);
      await following;
      expect(followed.map((event) => event.type)).not.toContain('run-end');

      hanging = false;
      const second = await startServer(['--db', db, ...world.args]);
      const cut = (await (await fetch(`${second.url}/api/runs/${id}`)).json()) as { status: string };
      expect(cut.status).toBe('interrupted');
      expect((await fetch(`${second.url}/api/runs/${id}/resume`, { method: 'POST' })).status).toBe(202);
      const all: ResearchEvent[] = [];
      await readEvents(`${second.url}/api/runs/${id}/events`, all, () => false);
      const ends = all.filter((event) => event.type === 'run-end');
      expect(ends, JSON.stringify(ends)).toHaveLength(1);
      expect(all.at(-1)?.type).toBe('run-end');
      expect(all.map((event) => event.index)).toEqual(all.map((_, index) => index));
      const run = (await (await fetch(`${second.url}/api/runs/${id}`)).json()) as {
        status: string;
        result: { answer: string };
      };
      expect(['completed', 'best_effort']).toContain(run.status);
      expect(run.result.answer).toContain('1889');
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    } finally {
      await world.close();
    }
  }, 90_000);
});
