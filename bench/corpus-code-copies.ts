/**
 * Packages that ship each module in several build folders: what grouping the copies
 * (`loadModuleCopies`) changes. On @mui/material 5.15.20 as published (each module at the root and
 * in `legacy/`, `modern/`, `node/`) and rxjs 7.8.1 (`src/` beside `dist/cjs`, `esm`, `esm5`,
 * `types`): how many defined names are defined in at most two files and in at most two modules
 * (name feedback follows only those), the CPU time of loading the groups, and, over the
 * benchmark's @mui/material queries, how many distinct modules the first ten files name, with the
 * copies grouped and without (the ranking of the previous commit). A module here is the file's path
 * without a leading build folder and extension: the bench knows @mui/material's layout, the
 * ranking does not.
 * Usage: npx tsx bench/corpus-code-copies.ts
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openIndexDatabase } from '../src/corpus/database/index.js';
import { ensureCorpus } from '../src/corpus/index.js';
import { loadRankingContext, type RankingContext } from '../src/corpus/search/index.js';
import { loadModuleCopies, moduleOf } from '../src/corpus/search/module-copies.js';
import { rankChunks } from '../src/corpus/search/rank-chunks.js';
import { type CodeRepository, cpuSeconds, materialize } from './lib/corpus-repositories.js';

/** `entry`: the package's entry, whose copies in the other builds are printed. */
const TARGETS: Array<Pick<CodeRepository, 'name' | 'source'> & { buildFolder?: RegExp; entry: string }> = [
  {
    name: 'mui',
    source: { npm: '@mui/material@5.15.20' },
    buildFolder: /^(legacy|modern|node)\//,
    entry: 'index.js',
  },
  { name: 'rxjs', source: { npm: 'rxjs@7.8.1' }, entry: 'src/index.ts' },
];

async function muiQueries(): Promise<string[]> {
  const text = await readFile(new URL('./data/corpus-code-mui-queries.jsonl', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { query: string }).query);
}

const base = await mkdtemp(join(tmpdir(), 'corpus-code-copies-'));
try {
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
  for (const target of TARGETS) {
    const root = await materialize(target, base);
    const indexPath = join(base, `${target.name}.sqlite`);
    (await ensureCorpus({ root, indexPath })).corpus.close();
    const index = openIndexDatabase(indexPath);
    const started = process.cpuUsage();
    const copies = loadModuleCopies(index.db);
    const loadMilliseconds = cpuSeconds(started) * 1000;
    const rows = index.db
      .prepare('SELECT DISTINCT name, file_id AS fileId FROM definitions WHERE local = 0')
      .all() as Array<{ name: string; fileId: number }>;
    const files = new Map<string, Set<number>>();
    const modules = new Map<string, Set<number>>();
    for (const row of rows) {
      files.set(row.name, (files.get(row.name) ?? new Set()).add(row.fileId));
      modules.set(row.name, (modules.get(row.name) ?? new Set()).add(moduleOf(copies, row.fileId)));
    }
    const few = (sets: Map<string, Set<number>>) => [...sets.values()].filter((set) => set.size <= 2).length;
    const grouped = new Set([...copies.keys(), ...copies.values()]).size;
    console.log(
      `${target.name}: ${grouped} files in ${new Set(copies.values()).size} groups of copies (loaded in ${loadMilliseconds.toFixed(1)} ms CPU); of ${files.size} defined names, ${few(files)} are defined in at most two files, ${few(modules)} in at most two modules`,
    );
    const paths = new Map(
      (index.db.prepare('SELECT id, path FROM files').all() as Array<{ id: number; path: string }>).map(
        (row) => [row.path, row.id],
      ),
    );
    const entryId = paths.get(target.entry);
    const entryCopies = [...paths]
      .filter(
        ([, id]) =>
          entryId !== undefined && id !== entryId && moduleOf(copies, id) === moduleOf(copies, entryId),
      )
      .map(([path]) => path);
    console.log(`  the entry ${target.entry}: copies ${entryCopies.sort().join(', ') || 'none'}`);
    if (target.buildFolder) {
      const buildFolder = target.buildFolder;
      const context = loadRankingContext(index.db);
      const pathOf = index.db.prepare(
        'SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?',
      );
      const firstTen = async (query: string, used: RankingContext) => {
        const ranked = await rankChunks({
          index,
          context: used,
          embedder: undefined,
          request: { query, mode: 'lexical', limit: 10 },
        });
        const paths = ranked.map((entry) => (pathOf.get(entry.chunkId) as { path: string }).path);
        return [...new Set(paths)].slice(0, 10);
      };
      const module = (path: string) => path.replace(buildFolder, '').replace(/\.[^.]*$/, '');
      for (const [label, used] of [
        ['copies grouped', context],
        ['copies apart', { ...context, copies: new Map<number, number>() }],
      ] as const) {
        let distinct = 0;
        let shown = 0;
        for (const query of await muiQueries()) {
          const top = await firstTen(query, used);
          distinct += new Set(top.map(module)).size;
          shown += top.length;
        }
        console.log(
          `  ${label}: distinct modules among the first ten files, all queries: ${distinct} of ${shown}`,
        );
      }
    }
    index.db.close();
  }
} finally {
  await rm(base, { recursive: true, force: true });
}
