import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Corpus, ensureCorpus } from '../open-corpus.js';
import { orderByFile } from './file-order.js';

/** A function of `lines` lines, one of them `line`, the rest neutral statements. */
function functionWith(name: string, line: string, lines = 30): string {
  const body = Array.from({ length: lines - 3 }, (_, index) => `  const value${index} = compute(${index});`);
  body.splice(3, 0, `  ${line}`);
  return `export function ${name}() {\n${body.join('\n')}\n}\n`;
}

/**
 * The oracle: `retry-policy.ts` is where retries are decided (three functions, each about the
 * backoff of a retry); `notes.ts` mentions the words once, in one short passage, more densely.
 */
const FILES: Record<string, string> = {
  'src/retry-policy.ts': [
    functionWith('firstDelay', '// The first retry waits the base backoff.'),
    functionWith('nextDelay', '// Each retry doubles the backoff, up to the cap.'),
    functionWith('giveUp', '// A retry past the last attempt ends the backoff.'),
  ].join('\n'),
  'src/notes.ts': 'export const note = "retry backoff: see the retry policy";\n',
  'src/other.ts': functionWith('unrelated', '// Nothing about waiting here.'),
};

let folder: string;
let corpus: Corpus;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'file-order-'));
  const root = join(folder, 'repo');
  await mkdir(join(root, 'src'), { recursive: true });
  for (const [path, text] of Object.entries(FILES)) await writeFile(join(root, path), text);
  ({ corpus } = await ensureCorpus({ root, indexPath: join(folder, 'index.sqlite') }));
});
afterAll(async () => {
  corpus.close();
  await rm(folder, { recursive: true, force: true });
});

describe('orderByFile', () => {
  it('ranks a file that answers with several passages over one that mentions the words once', async () => {
    const hits = await corpus.searchCorpus({ query: 'retry backoff', mode: 'lexical', limit: 10 });
    const files = [...new Set(hits.map((hit) => hit.path))];
    expect(files.slice(0, 2)).toEqual(['src/retry-policy.ts', 'src/notes.ts']);
    // Scores read in descending order down the files' first passages.
    const firsts = hits.slice(0, files.length).map((hit) => hit.score);
    expect(firsts).toEqual([...firsts].sort((a, b) => b - a));
  });

  it('keeps the order of first appearance without support, and names each file once before any second passage', () => {
    const ranked = [
      { chunkId: 1, score: 3 },
      { chunkId: 2, score: 2.5 },
      { chunkId: 3, score: 2 },
      { chunkId: 4, score: 1 },
    ];
    const fileOf = new Map([
      [1, 10],
      [2, 20],
      [3, 20],
      [4, 30],
    ]);
    expect(
      orderByFile({ ranked, fileOf, support: 0, copies: new Map() }).map((entry) => entry.chunkId),
    ).toEqual([1, 2, 4, 3]);
    // With support the second file's two passages (2.5 + 0.5 × 2) outweigh the first file's one.
    expect(
      orderByFile({ ranked, fileOf, support: 0.5, copies: new Map() }).map((entry) => entry.chunkId),
    ).toEqual([2, 1, 4, 3]);
  });
});
