/**
 * Hostile `.gitignore` files: a FIFO, a folder, a link to /dev/zero, one of 100 KB, and a pattern
 * that makes a regular expression backtrack for minutes against a deep folder. `index` finishes,
 * says which ignore files it did not read, and applies the rest.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

let base: string;
let root: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'corpus-ignores-'));
  root = join(base, 'project');
  await mkdir(root);
  await writeFile(join(root, 'notes.md'), '# Notes\n\nRouters match request paths.\n');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const index = () =>
  runCli(['index', root], { env: { XDG_DATA_HOME: join(base, 'data') }, timeoutMs: 60_000 });

describe('ignore files that are not regular files or hold hostile patterns', () => {
  it.skipIf(process.platform === 'win32')(
    'skips a FIFO, a folder, a link to /dev/zero and an oversized .gitignore, with a warning each',
    async () => {
      for (const folder of ['fifo', 'folder', 'zero', 'big', 'fine']) await mkdir(join(root, folder));
      expect(spawnSync('mkfifo', [join(root, 'fifo', '.gitignore')]).status).toBe(0);
      await mkdir(join(root, 'folder', '.gitignore'));
      await symlink('/dev/zero', join(root, 'zero', '.gitignore'));
      await writeFile(join(root, 'big', '.gitignore'), `${'*.tmp\n'.repeat(20_000)}`);
      await writeFile(join(root, 'fine', '.gitignore'), 'skip-me.md\n');
      for (const folder of ['fifo', 'folder', 'zero', 'big', 'fine']) {
        await writeFile(join(root, folder, 'kept.md'), `# ${folder}\n`);
      }
      await writeFile(join(root, 'fine', 'skip-me.md'), '# skipped\n');

      const result = await index();
      expect(result.code, result.stderr).toBe(0);
      // notes.md, five kept.md and the two regular .gitignore files; fine/skip-me.md stays out.
      expect(result.stdout).toContain(': 8 files,');
      for (const folder of ['fifo', 'folder', 'zero']) {
        expect(result.stderr).toContain(
          `warning: ${folder}/.gitignore was not read (it is not a regular file); its patterns do not apply.`,
        );
      }
      expect(result.stderr).toContain('warning: big/.gitignore was not read (over 65536 bytes)');
      expect(result.stderr).not.toContain('fine/.gitignore');
    },
    90_000,
  );

  it('matches a backtracking pattern against a folder 60 levels deep in bounded time', async () => {
    await writeFile(join(root, '.gitignore'), `${'**/a/'.repeat(8)}b/\n`);
    const deep = join(root, ...Array.from({ length: 60 }, () => 'a'));
    await mkdir(deep, { recursive: true });
    await writeFile(join(deep, 'bottom.md'), '# Bottom\n');
    const result = await index();
    expect(result.code, result.stderr).toBe(0);
    // notes.md, .gitignore and the deep bottom.md.
    expect(result.stdout).toContain(': 3 files,');
  }, 90_000);
});
