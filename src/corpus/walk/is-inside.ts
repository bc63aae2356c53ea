import { sep } from 'node:path';

/** Whether `target` (a real path) is `root` or inside it. */
export function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);
}
