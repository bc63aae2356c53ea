import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndexDatabase } from '../database/index.js';
import { ensureCorpus } from '../open-corpus.js';
import { loadRankingContext } from './ranking-context.js';
import { usedNames } from './used-names.js';

/**
 * webpack's shape: `plugin.js` calls `createDigest`, a module whose export is an anonymous arrow
 * function (no definition of the name anywhere), and builds a `Helper`, a class another module
 * defines. A class elsewhere has a method `createDigest`, reached only through its objects.
 */
const FILES: Record<string, string> = {
  'lib/plugin.js': [
    "const createDigest = require('./util/digest');",
    "const Helper = require('./helper');",
    'class Plugin {',
    '  apply(compiler) {',
    "    const digest = createDigest('md4');",
    '    return new Helper(digest);',
    '  }',
    '}',
    'module.exports = Plugin;',
  ].join('\n'),
  'lib/util/digest.js': 'module.exports = (algorithm) => ({ algorithm });\n',
  'lib/compilation.js': [
    'class Compilation {',
    '  createDigest() {',
    '    return 1;',
    '  }',
    '}',
    'module.exports = Compilation;',
  ].join('\n'),
  'lib/helper.js': [
    'class Helper {',
    '  constructor(digest) {',
    '    this.digest = digest;',
    '  }',
    '}',
    'module.exports = Helper;',
  ].join('\n'),
};

let folder: string;
let indexPath: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'used-names-'));
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

describe('usedNames', () => {
  it('follows a class the file builds, not a bare call whose only namesake is another class’s method', () => {
    const index = openIndexDatabase(indexPath);
    try {
      const { vocabulary, copies } = loadRankingContext(index.db);
      const plugin = index.db.prepare("SELECT id FROM files WHERE path = 'lib/plugin.js'").get() as {
        id: number;
      };
      const names = usedNames({
        db: index.db,
        vocabulary,
        copies,
        sources: [{ fileId: plugin.id, weight: 1 }],
        known: new Set(),
        limit: 5,
      }).map((found) => found.name);
      expect(names).toContain('Helper');
      expect(names).not.toContain('createDigest');
    } finally {
      index.db.close();
    }
  });
});
