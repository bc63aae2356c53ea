import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../../web', import.meta.url));
/** Shared modules the UI bundles from the engine's sources. */
const SHARED = ['../../src/markdown', '../../src/contract'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

async function newestChange(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/**
 * Builds web/dist with Vite when it is missing or older than the UI's sources, so browser tests
 * never run against a stale bundle. Returns whether a build ran.
 */
export async function ensureWebBuild(): Promise<boolean> {
  const built = await stat(join(WEB, 'dist', 'index.html')).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const sources = Math.max(
    await newestChange(join(WEB, 'src')),
    await newestChange(join(WEB, 'index.html')),
    await newestChange(join(WEB, 'vite.config.ts')),
    ...(await Promise.all(SHARED.map(newestChange))),
  );
  if (built > sources) return false;
  const { build } = await import('vite');
  await build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
