import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The style's limit: a file past it holds more than one concept (docs/development.md). */
const MAX_LINES = 300;

const root = new URL('..', import.meta.url).pathname;

/** Shipped source files under `folder`: TypeScript, tests, type tests and the test kit left out. */
function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    if (/\.test(-d)?\.tsx?$/.test(entry.name)) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    if (path.startsWith('src/testing/')) continue;
    files.push(path);
  }
  return files;
}

/** Lines as `wc -l` counts them (a last line without a newline counts too). */
function lineCount(path: string): number {
  const lines = readFileSync(join(root, path), 'utf8').split('\n');
  return lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

describe('file sizes', () => {
  it(`keeps every file of src/ and web/src under ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles('src'), ...sourceFiles('web/src')];
    expect(files.length).toBeGreaterThan(100);
    const over = files.map((path) => ({ path, lines: lineCount(path) })).filter(({ lines }) => lines > MAX_LINES);
    expect(over, 'split these by concept').toEqual([]);
  });
});
