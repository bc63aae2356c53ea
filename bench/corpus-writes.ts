/**
 * The SQLite writes of a new index alone, ours and a peer's (the corpus module at `--peer`, default
 * the start of this round), on the same prepared files of @mui/material 5.15.20 (2,778 files; read,
 * parsed and tokenised once, before any figure). Ours: the build beside the index, its postings
 * and secondary indexes at the end, then the copy into the live index. The peer's: rows and
 * postings committed 500 files at a time into the live index. Both end with a WAL checkpoint, so
 * each pays for getting its pages into the index file. CPU seconds of the process and wall seconds,
 * taking turns at going first; quote it with the load average, which it prints.
 * Usage: npx tsx bench/corpus-writes.ts [--rounds 3] [--peer <commit>]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PreparedFile } from '../src/corpus/database/index.js';
import * as ourDatabase from '../src/corpus/database/index.js';
import { decideFile } from '../src/corpus/indexer/decide-file.js';
import { prepareFile } from '../src/corpus/indexer/prepare-file.js';
import { walkFiles } from '../src/corpus/walk/index.js';
import { cpuSeconds, materialize, peerCorpus, ROUND_START_COMMIT } from './lib/corpus-repositories.js';
import { quantile } from './lib/retrieval-metrics.js';

const argv = process.argv.slice(2);
const roundsFlag = argv.indexOf('--rounds');
const rounds = roundsFlag === -1 ? 3 : Number(argv[roundsFlag + 1]);
const peerFlag = argv.indexOf('--peer');
const peerCommit = peerFlag === -1 ? ROUND_START_COMMIT : (argv[peerFlag + 1] ?? ROUND_START_COMMIT);
const COMMIT_FILES = 500;

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;

type DatabaseModule = typeof ourDatabase;

async function prepareAll(root: string): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  const limits = { text: 1_000_000, document: 10_000_000 };
  for await (const walked of walkFiles(root)) {
    const decision = await decideFile({ root, walked, known: undefined, limits, indexSecrets: false });
    if ('file' in decision) prepared.push(await prepareFile(decision.file));
  }
  return prepared;
}

function commitAll(writer: InstanceType<DatabaseModule['IndexWriter']>, files: readonly PreparedFile[]) {
  for (let at = 0; at < files.length; at += COMMIT_FILES) {
    writer.commit(() => {
      for (const file of files.slice(at, at + COMMIT_FILES)) writer.write(file);
    });
  }
}

/** Ours: built beside the live index, then copied into it. */
async function writeOurs(indexPath: string, files: readonly PreparedFile[]): Promise<void> {
  const { db } = ourDatabase.openIndexDatabase(indexPath);
  const build = await ourDatabase.startBuild(db, indexPath);
  const writer = new ourDatabase.IndexWriter(build.db, { deferPostings: true });
  commitAll(writer, files);
  writer.flushPostings();
  build.addIndexes();
  await build.publish();
  await build.discard();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** The peer's: committed into the live index as the files come. */
async function writePeer(database: DatabaseModule, indexPath: string, files: readonly PreparedFile[]) {
  const { db } = database.openIndexDatabase(indexPath);
  commitAll(new database.IndexWriter(db), files);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const base = await mkdtemp(join(tmpdir(), 'corpus-writes-'));
try {
  const peer = await peerCorpus(base, peerCommit);
  if (!peer) throw new Error(`${peerCommit} is not in this checkout; name another --peer`);
  const peerDatabase = (await import(
    join(base, `peer-${peerCommit.slice(0, 7)}`, 'src/corpus/database/index.ts')
  )) as DatabaseModule;
  const root = await materialize({ name: 'mui', source: { npm: '@mui/material@5.15.20' } }, base);
  const files = await prepareAll(root);
  const writers: Array<[string, (indexPath: string) => Promise<void>]> = [
    ['ours', (indexPath) => writeOurs(indexPath, files)],
    [`at ${peerCommit.slice(0, 7)}`, (indexPath) => writePeer(peerDatabase, indexPath, files)],
  ];
  const figures = new Map<string, { cpu: number[]; wall: number[] }>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? writers : [...writers].reverse();
    for (const [name, write] of order) {
      const indexPath = join(base, `${name.replace(/\W+/g, '-')}-${round}.sqlite`);
      const before = load();
      const started = { wall: performance.now(), cpu: process.cpuUsage() };
      await write(indexPath);
      const cpu = cpuSeconds(started.cpu);
      const wall = (performance.now() - started.wall) / 1000;
      const figure = figures.get(name) ?? { cpu: [], wall: [] };
      figure.cpu.push(cpu);
      figure.wall.push(wall);
      figures.set(name, figure);
      console.log(
        `round ${round + 1} ${name}: writes of ${files.length} files CPU ${cpu.toFixed(2)} s, wall ${wall.toFixed(2)} s; ${before}`,
      );
      await rm(indexPath, { force: true });
    }
  }
  for (const [name, figure] of figures) {
    console.log(
      `${name}: median CPU ${quantile(figure.cpu, 0.5).toFixed(2)} s, wall ${quantile(figure.wall, 0.5).toFixed(2)} s over ${rounds} rounds`,
    );
  }
  console.log(load());
} finally {
  await rm(base, { recursive: true, force: true });
}
