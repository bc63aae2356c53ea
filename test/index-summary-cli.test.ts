import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'index-summary-'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const index = (folder: string, extra: string[] = []) =>
  runCli(['index', folder, '--index', join(base, `${folder.split('/').at(-1)}.sqlite`), ...extra], {
    env: { XDG_DATA_HOME: base },
  });

describe('deepresearch index says what it did in words that agree with the figures', () => {
  it('"1 file, 1 chunk", not "1 files, 1 chunks"', async () => {
    const folder = join(base, 'one');
    await mkdir(folder);
    await writeFile(join(folder, 'notes.txt'), 'The kettle boils at one hundred degrees.\n');
    const run = await index(folder);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/: 1 file, 1 chunk, 0 symbols in /);
  });

  it('names the files skipped as too large, the limit, and the flag that raises it', async () => {
    const folder = join(base, 'large');
    await mkdir(folder);
    await writeFile(join(folder, 'small.md'), '# Notes\n\nA short note.\n');
    await writeFile(join(folder, 'dump.json'), `"${'x'.repeat(1_200_000)}"`);
    const run = await index(folder);
    expect(run.stdout).toContain(
      'Skipped 1 file as too large: dump.json; over 1 MB (text and code) or 20 MB (HTML and PDF): raise the limit with --max-file-size MB.',
    );
    const raised = await index(folder, ['--max-file-size', '2']);
    expect(raised.code, raised.stderr).toBe(0);
    expect(raised.stdout).toMatch(/: 2 files, /);
    expect(raised.stdout).not.toContain('Skipped');
  });

  it('says why an empty folder gives nothing to search', async () => {
    const folder = join(base, 'empty');
    await mkdir(folder);
    const run = await index(folder);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/: 0 files, 0 chunks, /);
    expect(run.stdout).toContain('Nothing to search: the folder has no file to index.');
  });
});
