import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The `--import` flag that makes a Node process list the module files it loads (see `module-census.mjs`). */
export const MODULE_CENSUS_FLAG = `--import=${fileURLToPath(new URL('./module-census.mjs', import.meta.url))}`;

/** The variable naming the file the census appends to. */
export const MODULE_CENSUS_VARIABLE = 'DEEPRESEARCH_MODULE_CENSUS';

/** What a process loaded: its module files, and how many of them each package has. */
export interface ModuleCensus {
  /** Every module file loaded, once each. */
  files: string[];
  /** Module files by package name (`zod`, `@scope/name`); the project's own files are not counted here. */
  packages: Map<string, number>;
}

/** Reads the census file a process wrote: the files it loaded, and the packages they belong to. */
export function readModuleCensus(path: string): ModuleCensus {
  const files = [...new Set(readFileSync(path, 'utf8').split('\n').filter(Boolean))];
  const packages = new Map<string, number>();
  for (const file of files) {
    // The innermost node_modules names the package (a dependency's own copy of another package).
    const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (match?.[1]) packages.set(match[1], (packages.get(match[1]) ?? 0) + 1);
  }
  return { files, packages };
}
