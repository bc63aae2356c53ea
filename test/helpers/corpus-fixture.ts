import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The multi-language fixture repository the corpus tests index. */
export const corpusFixture = fileURLToPath(new URL('../fixtures/corpus-repo', import.meta.url));

/** A scratch copy of the fixture (so tests may edit it) and a folder for index files. */
export async function copyCorpusFixture(): Promise<{
  root: string;
  indexPath: string;
  cleanup(): Promise<void>;
}> {
  const base = await mkdtemp(join(tmpdir(), 'corpus-'));
  const root = join(base, 'repo');
  await cp(corpusFixture, root, { recursive: true });
  return {
    root,
    indexPath: join(base, 'index.sqlite'),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}
