import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { startDemoWorld } from '../src/testing/demo-world.js';
import { expectInterruptedAndResumed, startRunAndKill } from './helpers/crash-resume.js';
import { binPath } from './helpers/run-cli.js';

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
});
