import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { runCli } from './helpers/run-cli.js';

let world: DemoWorld | undefined;
let folder = '';
afterAll(async () => {
  await world?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('deepresearch memory and --db on the command line', () => {
  it('remembers a run in --db, draws on it in a similar one (--json lists it), and lists, shows and forgets it', async () => {
    world = await startDemoWorld();
    folder = await mkdtemp(join(tmpdir(), 'memory-cli-'));
    const db = join(folder, 'runs.db');
    const ask = (question: string, ...extra: string[]) =>
      runCli([question, ...world!.args, '--json', '--no-direct-answer', '--db', db, ...extra]);

    const first = await ask('When was the Eiffel Tower completed?');
    expect(first.code, first.stderr).toBe(0);
    const firstId = JSON.parse(first.stdout).runId as string;

    const second = await ask('In which year was the Eiffel Tower completed?');
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout).memories).toEqual([
      expect.objectContaining({ runId: firstId, followUp: false }),
    ]);
    const off = await ask('In which year was the Eiffel Tower completed?', '--no-memory');
    expect(JSON.parse(off.stdout).memories).toBeUndefined();

    const list = await runCli(['memory', 'list', '--db', db]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(firstId);
    expect(list.stdout.trim().split('\n')).toHaveLength(2);

    const show = await runCli(['memory', 'show', firstId, '--db', db]);
    expect(show.stdout).toContain('Question: When was the Eiffel Tower completed?');
    // The short id progress prints (its first 8 characters) names the run too.
    const short = await runCli(['memory', 'show', firstId.slice(0, 8), '--db', db]);
    expect(short.code, short.stderr).toBe(0);
    expect(short.stdout).toBe(show.stdout);
    expect(show.stdout).toMatch(/Findings \(\d+\):/);

    const forget = await runCli(['memory', 'forget', firstId, '--db', db]);
    expect(forget.stdout).toContain(`Forgot the memory of run ${firstId}.`);
    const again = await runCli(['memory', 'forget', firstId, '--db', db]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No memory of run "${firstId}"`);
    const followUp = await ask('Who built it?', '--follow-up-of', firstId);
    expect(followUp.code).toBe(1);
    expect(followUp.stderr).toContain(`No memory of run "${firstId}" to follow up`);

    const all = await runCli(['memory', 'forget', '--all', '--db', db, '--json']);
    expect(JSON.parse(all.stdout)).toEqual({ forgotten: 1 });
    expect((await runCli(['memory', 'list', '--db', db])).stdout.trim()).toBe('No memories.');
    const usage = await runCli(['memory', 'forget', '--db', db]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: deepresearch memory list');
  }, 120_000);

  it('refuses --follow-up-of without --db before any work', async () => {
    world ??= await startDemoWorld();
    const run = await runCli(['Who built it?', ...world.args, '--follow-up-of', 'abc']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--follow-up-of abc needs --db');
  });
});
