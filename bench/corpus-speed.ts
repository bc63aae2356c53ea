/**
 * Index and query speed of corpus search on two pinned repositories: @mui/material 5.15.20 as
 * published (2,780 files, of which the index reads the text ones) and this repository at the `head`
 * commit of the code benchmark (1,197 files). Ours and a peer's (the corpus module at `--peer`,
 * default the start of this round, `ROUND_START_COMMIT`) in the same run, taking turns at going first: files indexed a second (by the wall clock and by
 * the CPU seconds of the process), the first search (it loads what ranking reads of the index), and
 * the latency of the first ten results over the benchmark's queries (each asked three times),
 * wall clock and CPU, p50 and p95. Quote it with the load average, which it prints. It also says
 * whether the two return the same first ten results (paths, lines, scores, snippets) for every
 * query and mode: an indexer made faster must not change what a search finds; and whether the two
 * indexes hold the same rows, in the same order (files but their indexing time, chunks, postings,
 * definitions, references).
 * Usage: npx tsx bench/corpus-speed.ts [--rounds 2] [--peer <commit>] [--no-peer]
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CorpusHit } from '../src/corpus/index.js';
import {
  type CodeRepository,
  type CorpusModule,
  cpuSeconds,
  hasCommit,
  materialize,
  peerCorpus,
  ROUND_START_COMMIT,
} from './lib/corpus-repositories.js';
import { quantile } from './lib/retrieval-metrics.js';

const argv = process.argv.slice(2);
const roundsFlag = argv.indexOf('--rounds');
const rounds = roundsFlag === -1 ? 2 : Number(argv[roundsFlag + 1]);
const peerFlag = argv.indexOf('--peer');
const peerCommit = peerFlag === -1 ? ROUND_START_COMMIT : (argv[peerFlag + 1] ?? ROUND_START_COMMIT);
const REPETITIONS = 3;

const head = 'a3a0e40aa62338793022ccd5a4c7259128fcde7f';
const targets: Array<Pick<CodeRepository, 'name' | 'source'> & { queries: string }> = [
  { name: 'mui', source: { npm: '@mui/material@5.15.20' }, queries: 'corpus-code-mui-queries.jsonl' },
  { name: 'head', source: { git: head }, queries: 'corpus-code-head.jsonl' },
];

async function queriesOf(name: string): Promise<string[]> {
  const text = await readFile(new URL(`./data/${name}`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { query: string }).query);
}

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
const figure = (values: number[]) =>
  `p50 ${quantile(values, 0.5).toFixed(1)} ms, p95 ${quantile(values, 0.95).toFixed(1)} ms`;

/** Indexes `root` afresh with one implementation and times its searches. */
async function measure(module: CorpusModule, root: string, indexPath: string, queries: readonly string[]) {
  const cpu = process.cpuUsage();
  const { corpus, summary } = await module.ensureCorpus({ root, indexPath });
  const indexCpu = cpuSeconds(cpu);
  const first = { wall: performance.now(), cpu: process.cpuUsage() };
  await corpus.searchCorpus({ query: queries[0] ?? 'search', mode: 'lexical', limit: 10 });
  const firstSearch = { wall: performance.now() - first.wall, cpu: cpuSeconds(first.cpu) * 1000 };
  const latency: Record<string, { wall: number[]; cpu: number[] }> = {};
  const results: string[] = [];
  for (let repetition = 0; repetition < REPETITIONS; repetition++) {
    for (const query of queries) {
      for (const mode of ['lexical', 'hybrid'] as const) {
        const started = { wall: performance.now(), cpu: process.cpuUsage() };
        const hits = await corpus.searchCorpus({ query, mode, limit: 10 });
        if (repetition === 0) results.push(resultsKey(hits));
        latency[mode] ??= { wall: [], cpu: [] };
        latency[mode].wall.push(performance.now() - started.wall);
        latency[mode].cpu.push(cpuSeconds(started.cpu) * 1000);
      }
    }
  }
  corpus.close();
  return { summary, indexCpu, firstSearch, latency, results };
}

/** The tables an index is made of, each read in its rows' order; a file's indexing time left out. */
const INDEX_ROWS: Record<string, string> = {
  files:
    'SELECT id, path, kind, language, size, mtime_ms, hash, text, line_count, role, centrality FROM files ORDER BY id',
  chunks: 'SELECT * FROM chunks ORDER BY id',
  postings: 'SELECT * FROM postings ORDER BY term, block',
  definitions: 'SELECT * FROM definitions ORDER BY id',
  refs: 'SELECT * FROM refs ORDER BY rowid',
};

/** A digest of each table's rows, in order: two indexes with the same digests hold the same rows. */
function indexDigests(indexPath: string): Record<string, string> {
  const db = new Database(indexPath, { readonly: true });
  try {
    const digests: Record<string, string> = {};
    for (const [table, sql] of Object.entries(INDEX_ROWS)) {
      const hash = createHash('sha256');
      for (const row of db.prepare(sql).raw().iterate() as Iterable<unknown[]>) {
        for (const value of row) hash.update(Buffer.isBuffer(value) ? value : `${String(value)}\u0000`);
        hash.update('\n');
      }
      digests[table] = hash.digest('hex');
    }
    return digests;
  } finally {
    db.close();
  }
}

/** What a user sees of a query's results, as one comparable string. */
function resultsKey(hits: ReadonlyArray<CorpusHit>): string {
  return JSON.stringify(
    hits.map((hit) => [hit.path, hit.startLine, hit.endLine, hit.score, hit.symbol, hit.snippet]),
  );
}

const base = await mkdtemp(join(tmpdir(), 'corpus-speed-'));
try {
  const ours = await import('../src/corpus/index.js');
  const peer = argv.includes('--no-peer') ? undefined : await peerCorpus(base, peerCommit);
  if (!peer && !argv.includes('--no-peer'))
    console.log(`the peer's code left out: ${peerCommit} is not in this checkout`);
  const implementations: Array<[string, CorpusModule]> = [['ours', ours]];
  if (peer) implementations.push([`at ${peerCommit.slice(0, 7)}`, peer]);
  // Each implementation loads its modules and grammars on a small folder first, so neither pays that in a figure.
  const warm = join(base, 'warm');
  await mkdir(warm);
  await writeFile(join(warm, 'a.ts'), 'export function warm(value: number) {\n  return value + 1;\n}\n');
  for (const [name, module] of implementations) {
    (await module.ensureCorpus({ root: warm, indexPath: join(base, `warm-${name}.sqlite`) })).corpus.close();
  }
  for (const target of targets) {
    if ('git' in target.source && !hasCommit(target.source.git)) {
      console.log(`${target.name} left out: ${target.source.git} is not in this checkout`);
      continue;
    }
    const root = await materialize(target, base);
    const queries = await queriesOf(target.queries);
    const firstResults = new Map<string, string[]>();
    const firstDigests = new Map<string, Record<string, string>>();
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? implementations : [...implementations].reverse();
      for (const [name, module] of order) {
        const indexPath = join(base, `${target.name}-${name}-${round}.sqlite`);
        const before = load();
        const { summary, indexCpu, firstSearch, latency, results } = await measure(
          module,
          root,
          indexPath,
          queries,
        );
        if (!firstResults.has(name)) firstResults.set(name, results);
        if (!firstDigests.has(name)) firstDigests.set(name, indexDigests(indexPath));
        console.log(
          `${target.name} round ${round + 1} ${name}: ${summary.files} files in ${summary.seconds.toFixed(2)} s = ${(summary.files / summary.seconds).toFixed(0)} files/s (CPU ${indexCpu.toFixed(2)} s = ${(summary.files / indexCpu).toFixed(0)} files per CPU-second); ${before}`,
        );
        console.log(
          `  first search ${firstSearch.wall.toFixed(1)} ms (CPU ${firstSearch.cpu.toFixed(1)} ms)`,
        );
        for (const [mode, values] of Object.entries(latency)) {
          console.log(
            `  ${mode.padEnd(7)} first ten: wall ${figure(values.wall)}; CPU ${figure(values.cpu)}`,
          );
        }
      }
    }
    const [ourResults, peerResults] = [...firstResults.values()];
    if (ourResults && peerResults) {
      const differing = ourResults.filter((key, index) => key !== peerResults[index]).length;
      console.log(
        `${target.name}: first ten results of ${ourResults.length} searches (${queries.length} queries, lexical and hybrid) ${differing === 0 ? 'identical to' : `differ in ${differing} from`} the peer's`,
      );
    }
    const [ourDigests, peerDigests] = [...firstDigests.values()];
    if (ourDigests && peerDigests) {
      const differingTables = Object.keys(INDEX_ROWS).filter(
        (table) => ourDigests[table] !== peerDigests[table],
      );
      console.log(
        `${target.name}: index rows (${Object.keys(INDEX_ROWS).join(', ')}) ${differingTables.length === 0 ? "identical to the peer's" : `differ from the peer's in ${differingTables.join(', ')}`}`,
      );
    }
  }
  console.log(load());
} finally {
  await rm(base, { recursive: true, force: true });
}
