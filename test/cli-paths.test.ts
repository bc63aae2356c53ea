/**
 * Index, corpus and output paths that cannot be used are refused before any work, in the words
 * `serve --db` uses (the path, what is wrong, the flag to change), never a raw SQLite or mkdir
 * error, a folder silently made, a run that then fails, or a process spinning under /proc.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/index.js';
import { runCli } from './helpers/run-cli.js';

const dataset = fileURLToPath(new URL('./fixtures/eval/simpleqa-3.csv', import.meta.url));
const model = ['--model', 'openai-compatible:fake', '--base-url', 'http://127.0.0.1:9/v1'];

let base: string;
let folder: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'cli-paths-'));
  folder = join(base, 'notes');
  await mkdir(folder);
  await writeFile(join(folder, 'a.md'), '# A\n\nRouters match request paths.\n');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { XDG_DATA_HOME: join(base, 'data'), ...env }, timeoutMs: 30_000 });

describe('index and output paths', () => {
  it('--index naming a folder, a text file or a database of something else', async () => {
    const asFolder = await cli(['index', folder, '--index', base]);
    expect(asFolder.code).toBe(1);
    expect(asFolder.stderr).toContain(`The index file ${base} cannot be used: ${base} is a folder.`);
    expect(asFolder.stderr).toContain('Name another file with --index.');

    const notes = join(base, 'notes.txt');
    await writeFile(notes, 'my notes\n');
    const asText = await cli(['search', 'routers', '--corpus', folder, '--index', notes]);
    expect(asText.code).toBe(1);
    expect(asText.stderr).toContain(`${notes} is not a corpus index (not a SQLite database)`);
    expect(asText.stderr).not.toMatch(/Unexpected error|file is not a database/);
    expect(await readFile(notes, 'utf8')).toBe('my notes\n');

    // The server's run database is a SQLite file too: refused, never emptied.
    const runs = join(base, 'runs.db');
    await openSqliteStore({ path: runs }).close();
    const before = await readFile(runs);
    const asRuns = await cli(['index', folder, '--index', runs]);
    expect(asRuns.code).toBe(1);
    expect(asRuns.stderr).toContain('a SQLite database of something else, not a corpus index');
    expect(await readFile(runs)).toEqual(before);
  }, 90_000);

  it('--index in a folder that does not exist is refused, and the folder is not made', async () => {
    const missing = join(base, 'missing', 'dir', 'x.sqlite');
    const result = await cli(['index', folder, '--index', missing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the folder ${join(base, 'missing', 'dir')} does not exist`);
    expect(existsSync(join(base, 'missing'))).toBe(false);
  });

  it('an index under /proc (by --index or the data directory) fails at once instead of spinning', async () => {
    for (const [args, env] of [
      [['index', folder, '--index', '/proc/nope/x.sqlite'], {}],
      [['search', 'routers', '--corpus', folder, '--index', '/proc/nope/x.sqlite'], {}],
      [['index', folder], { XDG_DATA_HOME: '/proc/nope' }],
    ] as const) {
      const result = await cli([...args], env);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/cannot be used: .*\/proc\/nope.*(does not exist|cannot be created)/);
    }
  }, 90_000);

  it('makes the index file owner-only (0600) in owner-only folders (0700)', async () => {
    const result = await cli(['index', folder]);
    expect(result.code, result.stderr).toBe(0);
    const index = /Index: (.+)$/m.exec(result.stdout)?.[1] ?? '';
    expect((await stat(index)).mode & 0o777).toBe(0o600);
    expect((await stat(join(base, 'data', 'deepresearch', 'corpora'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(base, 'data', 'deepresearch'))).mode & 0o777).toBe(0o700);
  });

  it('eval --out naming a file, and a question over a missing --corpus, stop before any work', async () => {
    const file = join(base, 'results.txt');
    await writeFile(file, 'not a folder\n');
    const evaluation = await cli(['eval', dataset, ...model, '--out', file]);
    expect(evaluation.code).toBe(1);
    expect(evaluation.stderr).toContain(`--out ${file} cannot be used: ${file} is a file, not a folder.`);
    expect(evaluation.stderr).not.toMatch(/EEXIST|mkdir/);

    const missing = join(base, 'nonexistent');
    const asked = await cli(['How do routers match paths?', ...model, '--corpus', missing]);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain(`No folder at ${missing}`);
    expect(asked.stdout).toBe('');
    expect(asked.stderr).not.toMatch(/step|Researching|plan/i);
  }, 60_000);
});
