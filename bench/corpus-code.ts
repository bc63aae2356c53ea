/**
 * Code retrieval: "how does X work?" questions about this repository and about express 4.21.2 (from
 * the npm registry, unpacked into a temporary folder), each with the files an answer must cite
 * (`bench/data/corpus-code-*.jsonl`). Recall@10 of those files and the rank of the first, for
 * lexical and hybrid search (no embeddings), against plain BM25 over whole files; index time, peak
 * memory and query latency. Usage: npx tsx bench/corpus-code.ts [--verbose]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ensureCorpus, type SearchMode } from '../src/corpus/index.js';
import { plainBm25 } from './lib/plain-bm25.js';
import { distinct, mean, quantile } from './lib/retrieval-metrics.js';

interface Question {
  id: string;
  query: string;
  files: string[];
}

const verbose = process.argv.includes('--verbose');
const repository = fileURLToPath(new URL('..', import.meta.url));

async function questions(name: string): Promise<Question[]> {
  const text = await readFile(new URL(`./data/corpus-code-${name}.jsonl`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Question);
}

/** This repository as committed, without the benchmark's own questions (they name every answer). */
function exportRepository(target: string): string {
  execFileSync('sh', [
    '-c',
    `git -C "${repository}" archive HEAD | tar -x -C "${target}" && rm -rf "${target}/bench/data"`,
  ]);
  return target;
}

/** express 4.21.2 as published: its lib/ is readable CommonJS. Fetched at bench time so its version is pinned here. */
function fetchExpress(target: string): string {
  execFileSync('npm', ['pack', 'express@4.21.2', '--pack-destination', target, '--silent'], {
    stdio: 'ignore',
  });
  execFileSync('tar', ['-xzf', join(target, 'express-4.21.2.tgz'), '-C', target]);
  return join(target, 'package');
}

/** Recall@10 of the wanted files among the first ten distinct files, and the rank of the first. */
function score(ranked: readonly string[], wanted: readonly string[]) {
  const top = distinct(ranked).slice(0, 10);
  const recall = wanted.filter((file) => top.includes(file)).length / wanted.length;
  const first = ranked.findIndex((file) => wanted.includes(file));
  return { recall, firstRank: first === -1 ? Number.POSITIVE_INFINITY : first + 1 };
}

async function measure(name: string, root: string, base: string) {
  const indexPath = join(base, `${name}.sqlite`);
  const { corpus, summary } = await ensureCorpus({ root, indexPath });
  const peak = process.resourceUsage().maxRSS / 1024;
  const db = new Database(indexPath, { readonly: true });
  const files = db.prepare('SELECT path AS id, text FROM files').all() as Array<{ id: string; text: string }>;
  db.close();
  const baseline = plainBm25(files);
  const results: Record<string, { recall: number[]; firstRank: number[]; page: number[] }> = {};
  const latency: Record<string, number[]> = { lexical: [], hybrid: [] };
  const add = (method: string, outcome: { recall: number; firstRank: number }, page = outcome.recall) => {
    results[method] ??= { recall: [], firstRank: [], page: [] };
    results[method].recall.push(outcome.recall);
    results[method].firstRank.push(outcome.firstRank);
    results[method].page.push(page);
  };
  for (const question of await questions(name)) {
    add('plain BM25, whole files', score(baseline(question.query), question.files));
    for (const mode of ['lexical', 'hybrid'] as SearchMode[]) {
      const started = performance.now();
      const hits = await corpus.searchCorpus({ query: question.query, mode, limit: 100 });
      latency[mode]?.push(performance.now() - started);
      const ranked = distinct(hits.map((hit) => hit.path));
      const outcome = score(ranked, question.files);
      // What `search --limit 10` prints: ten passages, several of which may share a file.
      add(
        mode,
        outcome,
        score(
          hits.slice(0, 10).map((hit) => hit.path),
          question.files,
        ).recall,
      );
      if (verbose)
        console.log(
          `  ${question.id} ${mode}: R@10 ${outcome.recall.toFixed(2)} first ${outcome.firstRank} | ${ranked.slice(0, 5).join(' ')}`,
        );
    }
  }
  corpus.close();
  console.log(
    `${name}: ${summary.files} files, ${summary.chunks} chunks, ${summary.symbols} symbols, indexed in ${summary.seconds.toFixed(1)} s, peak RSS so far ${peak.toFixed(0)} MB`,
  );
  for (const [method, values] of Object.entries(results)) {
    const ranks = values.firstRank.map((rank) => (Number.isFinite(rank) ? String(rank) : '-')).join(' ');
    console.log(
      `  ${method.padEnd(24)} Recall@10 ${mean(values.recall).toFixed(3)} (in the first 10 hits ${mean(values.page).toFixed(3)})  median first rank ${quantile(values.firstRank, 0.5)}  (first ranks: ${ranks})`,
    );
  }
  for (const [mode, values] of Object.entries(latency)) {
    console.log(
      `  ${mode} latency p50 ${quantile(values, 0.5).toFixed(1)} ms, p95 ${quantile(values, 0.95).toFixed(1)} ms`,
    );
  }
}

const base = await mkdtemp(join(tmpdir(), 'corpus-code-'));
try {
  const self = await mkdtemp(join(base, 'self-'));
  await measure('self', exportRepository(self), base);
  await measure('express', fetchExpress(base), base);
} finally {
  await rm(base, { recursive: true, force: true });
}
