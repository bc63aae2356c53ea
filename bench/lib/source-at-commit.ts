import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository root, from this file's place in `bench/lib/`. */
const root = new URL('../../', import.meta.url).pathname;

/**
 * The `src/` tree of this repository at `commit`, unpacked into a temporary folder that reaches this
 * checkout's `node_modules`, so a bench can run the code as it was beside the code as it is, in one
 * process. `load(path)` imports one module of it (`research/support/index.ts`); `remove()` deletes
 * the folder. `{ missing }`, with the reason, when git or the commit is not there.
 */
export function sourceAtCommit(
  commit: string,
): { load: (path: string) => Promise<unknown>; remove: () => void } | { missing: string } {
  let archive: Buffer;
  try {
    archive = execFileSync('git', ['archive', commit, 'src'], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    return { missing: `git archive ${commit} failed (${(error as Error).message.split('\n')[0]})` };
  }
  const folder = mkdtempSync(join(tmpdir(), 'deepresearch-source-'));
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'), 'junction');
  return {
    load: (path) => import(pathToFileURL(join(folder, 'src', path)).href),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
