/**
 * Code retrieval: "how does X work?" questions about pinned repositories (this repository at two
 * commits, and packages as published on npm), each with the files an answer must cite
 * (`bench/data/corpus-code-*.jsonl`; the repositories and their split in
 * `corpus-code-repositories.json`). Recall@10 of those files among the first ten distinct files and
 * MRR of the first, for lexical and hybrid search (no embeddings), in the same run as plain BM25 over
 * whole files and as the ranking of another commit (`--peer`, default the start of this round,
 * `ROUND_START_COMMIT`; `--peer a3a0e40` is the ranking before it was code-aware), per repository and pooled
 * per split: `tune` (ranking was developed on it) and `held-out` (never looked at while tuning).
 * Query latency is that of the first ten results, in wall and CPU time (user + system of the
 * process: on a busy machine the wall clock measures the machine).
 * Usage: npx tsx bench/corpus-code.ts [--split tune|held-out] [--only head,webpack] [--peer <commit>] [--no-peer] [--verbose]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  type CodeRepository,
  type CorpusModule,
  codeRepositories,
  hasCommit,
  materialize,
  peerCorpus,
  ROUND_START_COMMIT,
  scoreFiles,
} from './lib/corpus-repositories.js';
import { plainBm25 } from './lib/plain-bm25.js';
import { mean, quantile } from './lib/retrieval-metrics.js';

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const verbose = argv.includes('--verbose');
const split = flag('--split');
const only = flag('--only')?.split(',');
const peerCommit = flag('--peer') ?? ROUND_START_COMMIT;

type Corpus = Awaited<ReturnType<CorpusModule['ensureCorpus']>>['corpus'];
type Outcome = { recall: number; reciprocalRank: number; firstRank: number };

/** Outcomes by method, per repository and pooled by split. */
const pooled = new Map<string, Map<string, Outcome[]>>();
function record(group: string, method: string, outcome: Outcome): void {
  const methods = pooled.get(group) ?? new Map<string, Outcome[]>();
  pooled.set(group, methods);
  methods.set(method, [...(methods.get(method) ?? []), outcome]);
}

function printMethods(title: string, methods: Map<string, Outcome[]>): void {
  console.log(title);
  for (const [method, outcomes] of methods) {
    const ranks = outcomes.map((outcome) => (Number.isFinite(outcome.firstRank) ? outcome.firstRank : '-'));
    console.log(
      `  ${method.padEnd(26)} Recall@10 ${mean(outcomes.map((o) => o.recall)).toFixed(3)}  MRR ${mean(outcomes.map((o) => o.reciprocalRank)).toFixed(3)}  (first ranks: ${ranks.join(' ')})`,
    );
  }
}

async function searchFiles(corpus: Corpus, query: string, mode: 'lexical' | 'hybrid') {
  const hits = await corpus.searchCorpus({ query, mode, limit: 100 });
  const started = performance.now();
  const cpu = process.cpuUsage();
  await corpus.searchCorpus({ query, mode, limit: 10 });
  const used = process.cpuUsage(cpu);
  return {
    files: hits.map((hit) => hit.path),
    milliseconds: performance.now() - started,
    cpuMilliseconds: (used.user + used.system) / 1000,
  };
}

async function measure(repository: CodeRepository, base: string, today: CorpusModule | undefined) {
  const root = await materialize(repository, base);
  const { ensureCorpus } = await import('../src/corpus/index.js');
  const corpora: Array<[string, Corpus]> = [];
  if (today) {
    const peer = await today.ensureCorpus({ root, indexPath: join(base, `${repository.name}-today.sqlite`) });
    corpora.push([`at ${peerCommit.slice(0, 7)}`, peer.corpus]);
  }
  const indexPath = join(base, `${repository.name}.sqlite`);
  const { corpus, summary } = await ensureCorpus({ root, indexPath });
  corpora.push(['ours', corpus]);
  const db = new Database(indexPath, { readonly: true });
  const files = db.prepare('SELECT path AS id, text FROM files').all() as Array<{ id: string; text: string }>;
  db.close();
  const baseline = plainBm25(files);
  const methods = new Map<string, Outcome[]>();
  const latency = new Map<string, number[]>();
  const cpuTime = new Map<string, number[]>();
  const add = (method: string, outcome: Outcome) => {
    methods.set(method, [...(methods.get(method) ?? []), outcome]);
    record(repository.split, method, outcome);
    record('all', method, outcome);
  };
  for (const question of repository.questions) {
    add('plain BM25, whole files', scoreFiles(baseline(question.query), question.files));
    for (const [label, searched] of corpora) {
      for (const mode of ['lexical', 'hybrid'] as const) {
        const method = `${label} ${mode}`;
        const {
          files: ranked,
          milliseconds,
          cpuMilliseconds,
        } = await searchFiles(searched, question.query, mode);
        latency.set(method, [...(latency.get(method) ?? []), milliseconds]);
        cpuTime.set(method, [...(cpuTime.get(method) ?? []), cpuMilliseconds]);
        const outcome = scoreFiles(ranked, question.files);
        add(method, outcome);
        if (verbose) {
          const distinctFiles = [...new Set(ranked)];
          // Each wanted file outside the first ten, with its rank among the first hundred ('-': further).
          const missed = question.files
            .map((file) => ({ file, rank: distinctFiles.indexOf(file) + 1 }))
            .filter(({ rank }) => rank === 0 || rank > 10)
            .map(({ file, rank }) => `${file}@${rank || '-'}`);
          console.log(
            `  ${question.id} ${method}: R@10 ${outcome.recall.toFixed(2)} first ${outcome.firstRank} | ${distinctFiles.slice(0, 5).join(' ')}${missed.length ? ` | missed ${missed.join(' ')}` : ''}`,
          );
        }
      }
    }
  }
  for (const [, searched] of corpora) searched.close();
  printMethods(
    `${repository.name} (${repository.split}; ${repository.about}): ${summary.files} files, ${summary.chunks} chunks, ${summary.symbols} symbols, ${repository.questions.length} questions`,
    methods,
  );
  for (const [method, values] of latency) {
    const cpu = cpuTime.get(method) ?? [];
    console.log(
      `  ${method.padEnd(26)} latency (first ten) p50 ${quantile(values, 0.5).toFixed(1)} ms, p95 ${quantile(values, 0.95).toFixed(1)} ms; CPU p50 ${quantile(cpu, 0.5).toFixed(1)} ms, p95 ${quantile(cpu, 0.95).toFixed(1)} ms`,
    );
  }
}

const base = await mkdtemp(join(tmpdir(), 'corpus-code-'));
try {
  const today = argv.includes('--no-peer') ? undefined : await peerCorpus(base, peerCommit);
  if (!today && !argv.includes('--no-peer')) {
    console.log(
      `the peer's ranking left out: commit ${peerCommit} is not in this checkout (a shallow clone?)`,
    );
  }
  const repositories = (await codeRepositories()).filter(
    (repository) => (!split || repository.split === split) && (!only || only.includes(repository.name)),
  );
  for (const repository of repositories) {
    if ('git' in repository.source && !hasCommit(repository.source.git)) {
      console.log(`${repository.name} left out: commit ${repository.source.git} is not in this checkout`);
      continue;
    }
    await measure(repository, base, today);
  }
  for (const [group, methods] of pooled) printMethods(`pooled, ${group}:`, methods);
} finally {
  await rm(base, { recursive: true, force: true });
}
