import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { userDataDirectory } from '../shared/index.js';

/**
 * Where a folder's index lives when none is named: `<data directory>/corpora/<folder name>-<hash>.sqlite`,
 * the hash taken of the folder's absolute real path, so each folder has its own index.
 */
export function defaultIndexPath(root: string, env: Record<string, string | undefined>): string {
  const key = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const name = basename(root).replace(/[^\w.-]+/g, '_') || 'root';
  return join(userDataDirectory({ env }), 'corpora', `${name}-${key}.sqlite`);
}
