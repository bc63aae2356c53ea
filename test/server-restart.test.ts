import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { startDemoWorld } from '../src/testing/demo-world.js';
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
      const created = await fetch(`${first.url}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const received: ResearchEvent[] = [];
      await readEvents(`${first.url}/api/runs/${id}/events`, received, () => received.length >= 4);
      expect(
        received.some((event) => event.type === 'run-end'),
        JSON.stringify(received),
      ).toBe(false);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      delayMs = 0;
      const second = await startServer(['--db', db, ...world.args]);
      const run = (await (await fetch(`${second.url}/api/runs/${id}`)).json()) as { status: string };
      expect(run.status).toBe('interrupted');
      const stored = (await (
        await fetch(`${second.url}/api/runs/${id}/events?format=json`)
      ).json()) as ResearchEvent[];
      expect(stored.slice(0, received.length)).toEqual(received);
      expect(stored.map((event) => event.index)).toEqual(stored.map((_, index) => index));

      expect((await fetch(`${second.url}/api/runs/${id}/resume`, { method: 'POST' })).status).toBe(202);
      const rest: ResearchEvent[] = [];
      await readEvents(`${second.url}/api/runs/${id}/events?after=${stored.length - 1}`, rest, () => false);
      expect(rest[0]?.index).toBe(stored.length);
      expect(rest.at(-1)?.type).toBe('run-end');
      const resumed = (await (await fetch(`${second.url}/api/runs/${id}`)).json()) as {
        status: string;
        result: { answer: string };
      };
      expect(['completed', 'best_effort']).toContain(resumed.status);
      expect(resumed.result.answer).toContain('1889');

      second.child.kill('SIGTERM');
      const code = await new Promise((resolve) => second.child.once('exit', resolve));
      expect(code).toBe(0);
      expect(second.stderr()).toContain('Stopped.');
    } finally {
      await world.close();
    }
  }, 60_000);
});
