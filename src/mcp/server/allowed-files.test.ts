import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileGuard } from './allowed-files.js';

async function tree() {
  const root = await mkdtemp(join(tmpdir(), 'dr-guard-'));
  await mkdir(join(root, 'docs'));
  await writeFile(join(root, 'docs', 'a.md'), 'a');
  await writeFile(join(root, 'secret.txt'), 'secret');
  await symlink(join(root, 'secret.txt'), join(root, 'docs', 'link.txt'));
  return root;
}

describe('createFileGuard', () => {
  it('allows files under an allowed folder, relative paths resolved against cwd', async () => {
    const root = await tree();
    const guard = createFileGuard(['docs'], root);
    await expect(guard.check('docs/a.md')).resolves.toMatch(/docs\/a\.md$/);
    await expect(guard.check(join(root, 'docs', 'a.md'))).resolves.toMatch(/docs\/a\.md$/);
  });

  it('refuses paths outside, through .. or a symlink, the same way whether or not they exist', async () => {
    const root = await tree();
    const guard = createFileGuard([join(root, 'docs')], root);
    for (const path of ['secret.txt', 'docs/../secret.txt', 'docs/link.txt', 'missing.txt', '/etc/passwd']) {
      await expect(guard.check(path), path).rejects.toMatchObject({
        code: 'file_not_allowed',
        message: `Refused to read the local path "${path}". Read an http(s) URL, or a file under the folders the operator allowed with --allow-file.`,
      });
    }
  });

  it('tells how to allow files when none are', async () => {
    const guard = createFileGuard([], '/');
    await expect(guard.check('/etc/passwd')).rejects.toThrow(
      /operator can allow some with --allow-file PATH/,
    );
  });
});
