import { basename, dirname, extname, join } from 'node:path';

/** Where the archive of a run written to `file` goes: beside it, `report.html` → `report.warc.gz`. */
export function archivePathFor(file: string): string {
  const name = basename(file, extname(file));
  return join(dirname(file), `${name}.warc.gz`);
}
