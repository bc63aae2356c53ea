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

/**
 * One story over one `--db`, told in four tests that run in order, each with its own time limit: its
 * thirteen CLI runs in one test outran the limit on a machine at load 30. A test reads what the ones
 * before it left (`db`, `firstId`); if one fails, those after it fail too, and the first failure is
 * the one to read.
 */
describe('deepresearch memory and --db on the command line', () => {
  let db = '';
  let firstId = '';
  const ask = (question: string, ...extra: string[]) =>
    runCli([question, ...world!.args, '--json', '--no-direct-answer', '--db', db, ...extra]);

  it('remembers a run in --db and draws on it in a similar one (--json lists it), not with --no-memory', async () => {
    world = await startDemoWorld();
    folder = await mkdtemp(join(tmpdir(), 'memory-cli-'));
    db = join(folder, 'runs.db');

    const first = await ask('When was the Eiffel Tower completed?');
    expect(first.code, first.stderr).toBe(0);
    firstId = JSON.parse(first.stdout).runId as string;

    const second = await ask('In which year was the Eiffel Tower completed?');
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout).memories).toEqual([
      expect.objectContaining({ runId: firstId, followUp: false }),
    ]);
    const off = await ask('In which year was the Eiffel Tower completed?', '--no-memory');
    expect(JSON.parse(off.stdout).memories).toBeUndefined();
    // Three research runs: as long as runCli lets each of them take (110 s) before calling it hung.
  }, 330_000);

  it('lists the memory and shows it, by its id or the short id progress prints', async () => {
    expect(firstId, 'the first test left no run').not.toBe('');
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
  });

  it('forgets a memory once, and a follow-up of a forgotten run is refused', async () => {
    expect(firstId, 'the first test left no run').not.toBe('');
    const forget = await runCli(['memory', 'forget', firstId, '--db', db]);
    expect(forget.stdout).toContain(`Forgot the memory of run ${firstId}.`);
    const again = await runCli(['memory', 'forget', firstId, '--db', db]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No memory of run "${firstId}"`);
    const followUp = await ask('Who built it?', '--follow-up-of', firstId);
    expect(followUp.code).toBe(1);
    expect(followUp.stderr).toContain(`No memory of run "${firstId}" to follow up`);
  });

  it('forgets every memory with --all, and forget without an id prints its usage', async () => {
    expect(firstId, 'the first test left no run').not.toBe('');
    const all = await runCli(['memory', 'forget', '--all', '--db', db, '--json']);
    expect(JSON.parse(all.stdout)).toEqual({ forgotten: 1 });
    expect((await runCli(['memory', 'list', '--db', db])).stdout.trim()).toBe('No memories.');
    const usage = await runCli(['memory', 'forget', '--db', db]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: deepresearch memory list');
  });

  it('refuses --follow-up-of without --db before any work', async () => {
    world ??= await startDemoWorld();
    const run = await runCli(['Who built it?', ...world.args, '--follow-up-of', 'abc']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--follow-up-of abc needs --db');
  });
});
