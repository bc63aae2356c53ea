/**
 * File names and file text with terminal escapes (a window title, colours, a line overwrite) and
 * newlines: `deepresearch search` and `index` print them visibly (␛, ␊) instead of letting the
 * terminal act on them, and a name never splits a result line.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes a terminal would act on.
const ESCAPES = /[\u0007\u001b\u009b\r]/;
const NAME = 'evil\u001b]0;pwned\u0007\u001b[2K\nFAKE.md';

let base: string;
let root: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'cli-escapes-'));
  root = join(base, 'project');
  await mkdir(root);
  await writeFile(
    join(root, NAME),
    '# Routers\n\n\u001b[31mRouters\u001b[0m match request paths \u001b]0;owned\u0007 here.\n\r\u001b[1AOverwritten routers line\n',
  );
  await writeFile(join(root, '.env.\u001b[31mprod'), 'SECRET=1\n');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('terminal escapes from a corpus', () => {
  it('are shown, not acted on, in index and search output', async () => {
    const env = { XDG_DATA_HOME: join(base, 'data') };
    const indexed = await runCli(['index', root], { env });
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(indexed.stdout).not.toMatch(ESCAPES);
    expect(indexed.stdout).toContain('.env.␛[31mprod');

    const searched = await runCli(['search', 'routers request paths', '--corpus', root], { env });
    expect(searched.code, searched.stderr).toBe(0);
    expect(searched.stdout).not.toMatch(ESCAPES);
    const head = searched.stdout.split('\n').find((line) => line.startsWith('1. '));
    // The whole name on its one line, its escapes and newline visible.
    expect(head).toContain('evil␛]0;pwned␇␛[2K␊FAKE.md:');
    expect(searched.stdout).toContain('␛[31mRouters␛[0m match request paths ␛]0;owned␇ here.');
    expect(searched.stdout.split('\n').some((line) => line.startsWith('FAKE.md'))).toBe(false);
  }, 60_000);
});
