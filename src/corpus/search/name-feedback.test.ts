import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKING_WEIGHTS } from '../constants.js';
import { openIndexDatabase } from '../database/index.js';
import { ensureCorpus } from '../open-corpus.js';
import { keepFeedbackSources } from './name-feedback.js';
import { rankChunks } from './rank-chunks.js';
import { loadRankingContext } from './ranking-context.js';

/**
 * The oracle: options are combined in `load-config.ts`, which holds the question's words, and
 * checked in `check-fields.ts`, which the answer must cite too but which holds none of them: it
 * is found only through the name `load-config.ts` calls. `describe-value.ts` defines `describeValue`
 * like two other files: a name that says nothing of which file a use means, never followed.
 */
const FILES: Record<string, string> = {
  'src/config/load-config.ts': [
    "import { checkFields } from '../rules/check-fields.js';",
    "import { describeValue } from '../text/describe-value.js';",
    '/** Combines the config file, environment variables and command-line flags into one options object. */',
    'export function loadConfig(file: object, environment: object, flags: object) {',
    '  const combined = { ...file, ...environment, ...flags };',
    '  console.log(describeValue(combined));',
    '  return checkFields(combined);',
    '}',
  ].join('\n'),
  'src/rules/check-fields.ts': [
    '/** Throws on a field of the wrong type, naming the field and the type it takes. */',
    'export function checkFields(input: Record<string, unknown>) {',
    '  for (const name in input) if (input[name] === null) throw new TypeError(name);',
    '  return input;',
    '}',
  ].join('\n'),
  'src/text/describe-value.ts':
    'export function describeValue(value: unknown) {\n  return String(value);\n}\n',
  'src/other/describe-value.ts':
    'export function describeValue(value: unknown) {\n  return typeof value;\n}\n',
  'src/third/describe-value.ts':
    'export function describeValue(value: unknown) {\n  return JSON.stringify(value);\n}\n',
  'src/cli/flags.ts':
    '/** Reads command-line flags. */\nexport function readFlags(argv: string[]) {\n  return argv;\n}\n',
};

let folder: string;
let indexPath: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'name-feedback-'));
  const root = join(folder, 'repo');
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  indexPath = join(folder, 'index.sqlite');
  (await ensureCorpus({ root, indexPath })).corpus.close();
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function rankedFiles(feedback: number): Promise<string[]> {
  const index = openIndexDatabase(indexPath);
  try {
    const ranked = await rankChunks({
      index,
      context: loadRankingContext(index.db),
      embedder: undefined,
      request: {
        query: 'How are the config file, environment variables and flags combined into one options object?',
        mode: 'lexical',
        limit: 10,
      },
      weights: { ...RANKING_WEIGHTS, feedback },
    });
    const pathOf = index.db.prepare(
      'SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?',
    );
    return [...new Set(ranked.map((entry) => (pathOf.get(entry.chunkId) as { path: string }).path))];
  } finally {
    index.db.close();
  }
}

describe('name feedback', () => {
  it('finds the collaborator the first file calls, which holds none of the question words, after that file', async () => {
    expect(await rankedFiles(0)).not.toContain('src/rules/check-fields.ts');
    const files = await rankedFiles(RANKING_WEIGHTS.feedback);
    expect(files[0]).toBe('src/config/load-config.ts');
    expect(files).toContain('src/rules/check-fields.ts');
  });

  it('does not follow a name that several files define', async () => {
    const files = await rankedFiles(RANKING_WEIGHTS.feedback);
    expect(files.filter((path) => path.endsWith('describe-value.ts'))).toEqual([]);
  });
});

describe('keepFeedbackSources', () => {
  it('keeps the files the names came from first, in their order, and the page in descending score', () => {
    // Chunk n is in file n; chunk 11 is a second passage of file 1.
    const fileOf = new Map(
      [1, 2, 3, 4, 5, 11].map((chunkId) => [chunkId, chunkId > 10 ? chunkId - 10 : chunkId]),
    );
    const first = {
      ranked: [1, 2, 3, 4].map((chunkId) => ({ chunkId, score: 10 - chunkId })),
      fileOf,
    };
    const second = {
      ranked: [
        { chunkId: 5, score: 12 },
        { chunkId: 3, score: 11 },
        { chunkId: 1, score: 9 },
        { chunkId: 4, score: 8 },
        { chunkId: 2, score: 7 },
        { chunkId: 11, score: 6 },
      ],
      fileOf,
    };
    const page = keepFeedbackSources(first, second);
    expect(page.map((entry) => entry.chunkId)).toEqual([1, 2, 3, 5, 4, 11]);
    const scores = page.slice(0, 5).map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
