import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkData } from '../testing/vitest/benchmark-data.js';
import { buildSource } from './build-source.js';
import { extractContent } from './content/index.js';

const { path: fixtures, available } = benchmarkData(
  'html5lib-tests/tree-construction',
  'reading the html5lib tree-construction documents',
);

/** The `#data` sections of an html5lib tree-construction file: deliberately malformed HTML. */
function documentsIn(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split(/^#data\n/m)
    .slice(1)
    .map((block) => block.split(/^#errors\n/m)[0] ?? '');
}

const files = available
  ? readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.dat'))
  : [];

describe.skipIf(files.length === 0)('broken markup from html5lib tree-construction tests', () => {
  it.each(files)('reads every document in %s without crashing', async (name) => {
    const documents = documentsIn(join(fixtures, name));
    expect(documents.length).toBeGreaterThan(0);
    const crashes: string[] = [];
    for (const [index, html] of documents.entries()) {
      try {
        const content = await extractContent({
          bytes: new TextEncoder().encode(html),
          contentType: 'text/html',
          url: 'https://example.test/page',
        });
        const source = buildSource({
          url: 'https://example.test/page',
          finalUrl: 'https://example.test/page',
          content,
        });
        if (typeof source.text !== 'string' || typeof source.markdown !== 'string')
          crashes.push(`#${index + 1}: no text`);
      } catch (error) {
        crashes.push(`#${index + 1}: ${(error as Error).message}`);
      }
    }
    expect(crashes).toEqual([]);
  });
});
