import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared benchmark data: a folder named `shared/benchmark-data` next to the repository. */
const ROOT = fileURLToPath(new URL('../../../../shared/benchmark-data/', import.meta.url));

/**
 * Where a test's benchmark data is (`relative` to the shared benchmark-data folder), and whether it
 * is there. When it is not, says so on stderr, naming the tests and the path looked at, so a run's
 * output tells why they were skipped instead of a bare "skipped".
 */
export function benchmarkData(relative: string, tests: string): { path: string; available: boolean } {
  const path = `${ROOT}${relative}`;
  const available = existsSync(path);
  if (!available) {
    process.stderr.write(
      `Skipping ${tests}: benchmark data not found at ${path} (the shared benchmark-data folder goes next to the repository, in ../shared/).\n`,
    );
  }
  return { path, available };
}
