/**
 * Lexical retrieval on BEIR SciFact (test split), one document per file in a temporary folder:
 * nDCG@10 and Recall@100 with trec_eval semantics, index time, peak memory and query latency. In the
 * same run, FTS5's built-in bm25() (k1 1.2, b 0.75) over the same tokens in the same fields (a table
 * the bench builds), the corpus module at the start of this round (`ROUND_START_COMMIT`), and the
 * published BM25. Then the query weight of a word's whole form (`RANKING_WEIGHTS.wholeTerm`) chosen
 * by 5-fold cross-validation over the queries (grouped by the first abstract they cite, so claims
 * about one abstract stay in one fold): each fold's choice made on the other four, its nDCG@10 on
 * the fold, mean ± spread.
 * `--peer <commit>` compares with another commit's corpus module instead.
 * Usage: npx tsx bench/corpus-scifact.ts [--limit N] [--no-peer] [--peer <commit>]   (N: first N test queries)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BM25_B, BM25_K1 } from '../src/corpus/constants.js';
import { ensureCorpus } from '../src/corpus/index.js';
import { pathTokens, tokenize } from '../src/corpus/tokenize/index.js';
import { readText, requireBenchmarkData } from './lib/benchmark-data.js';
import { peerCorpus, ROUND_START_COMMIT } from './lib/corpus-repositories.js';
import { foldsByGroup } from './lib/cross-validation.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { distinct, mean, ndcgAt, quantile, recallAt } from './lib/retrieval-metrics.js';
import { crossValidateWholeTerm } from './lib/scifact-whole-term.js';

const options = parseBenchmarkOptions();
const peerFlag = process.argv.indexOf('--peer');
const peerCommit = peerFlag === -1 ? ROUND_START_COMMIT : (process.argv[peerFlag + 1] ?? ROUND_START_COMMIT);
const folder = requireBenchmarkData('beir-scifact');
const jsonLines = <T>(text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);

const documents = jsonLines<{ _id: string; title: string; text: string }>(
  readText(join(folder, 'corpus.jsonl')),
);
const judgements = new Map<string, Map<string, number>>();
for (const line of readText(join(folder, 'qrels/test.tsv')).split('\n').slice(1)) {
  const [query, doc, grade] = line.split('\t');
  if (!query || !doc) continue;
  judgements.set(query, (judgements.get(query) ?? new Map()).set(doc, Number(grade)));
}
const queries = jsonLines<{ _id: string; text: string }>(readText(join(folder, 'queries.jsonl')))
  .filter((query) => judgements.has(query._id))
  .slice(0, options.limit);

const base = await mkdtemp(join(tmpdir(), 'scifact-'));
try {
  const root = join(base, 'docs');
  const indexPath = join(base, 'index.sqlite');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(root);
  // A title is a document's heading; the chunker makes it the chunk's title field.
  for (const document of documents) {
    await writeFile(join(root, `${document._id}.md`), `# ${document.title}\n\n${document.text}\n`);
  }
  const { corpus, summary } = await ensureCorpus({ root, indexPath });
  const peakMegabytes = process.resourceUsage().maxRSS / 1024;
  const startModule = process.argv.includes('--no-peer') ? undefined : await peerCorpus(base, peerCommit);
  const start = startModule
    ? (await startModule.ensureCorpus({ root, indexPath: join(base, 'start.sqlite') })).corpus
    : undefined;
  const atStart = { ndcg: [] as number[], recall: [] as number[] };

  const ours = { ndcg: [] as number[], recall: [] as number[], latency: [] as number[] };
  const fts = { ndcg: [] as number[], recall: [] as number[] };
  // The peer: FTS5's own bm25() over the same tokens in the same three fields, in a table of its own.
  const db = new Database(':memory:');
  db.exec(
    `CREATE VIRTUAL TABLE peer USING fts5(id UNINDEXED, path, title, body, tokenize="unicode61 remove_diacritics 0 categories 'L* N* M*'")`,
  );
  const insert = db.prepare('INSERT INTO peer (id, path, title, body) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const document of documents) {
      const path = pathTokens(`${document._id}.md`).join(' ');
      const body = tokenize(`# ${document.title}\n\n${document.text}`).join(' ');
      insert.run(document._id, path, tokenize(document.title).join(' '), body);
    }
  })();
  const ftsQuery = db.prepare(
    'SELECT id AS path FROM peer WHERE peer MATCH ? ORDER BY bm25(peer, 0, 2.0, 2.0, 1.0) LIMIT 300',
  );
  const idOf = (path: string) => path.replace(/\.md$/, '');
  for (const query of queries) {
    const relevance = judgements.get(query._id)!;
    const relevant = new Set([...relevance].filter(([, grade]) => grade > 0).map(([id]) => id));
    const hits = await corpus.searchCorpus({ query: query.text, mode: 'lexical', limit: 300 });
    // Latency of what a reader of results asks for: the first ten.
    const started = performance.now();
    await corpus.searchCorpus({ query: query.text, mode: 'lexical', limit: 10 });
    ours.latency.push(performance.now() - started);
    const ranked = distinct(hits.map((hit) => idOf(hit.path)));
    ours.ndcg.push(ndcgAt(10, ranked, relevance));
    ours.recall.push(recallAt(100, ranked, relevant));
    if (start) {
      const before = await start.searchCorpus({ query: query.text, mode: 'lexical', limit: 300 });
      const beforeRanked = distinct(before.map((hit) => idOf(hit.path)));
      atStart.ndcg.push(ndcgAt(10, beforeRanked, relevance));
      atStart.recall.push(recallAt(100, beforeRanked, relevant));
    }
    const terms = [...new Set(tokenize(query.text))].map((term) => `"${term}"`).join(' OR ');
    const baseline = terms
      ? distinct((ftsQuery.all(terms) as Array<{ path: string }>).map((row) => idOf(row.path)))
      : [];
    fts.ndcg.push(ndcgAt(10, baseline, relevance));
    fts.recall.push(recallAt(100, baseline, relevant));
  }
  db.close();
  corpus.close();
  start?.close();
  const figure = (value: number) => value.toFixed(4);
  console.log(`BEIR SciFact test: ${documents.length} documents, ${queries.length} queries`);
  console.log(
    `index: ${summary.files} files, ${summary.chunks} chunks in ${summary.seconds.toFixed(1)} s, peak RSS ${peakMegabytes.toFixed(0)} MB`,
  );
  console.log(
    `ours (BM25F k1 ${BM25_K1}, b ${BM25_B}, names ×2)     nDCG@10 ${figure(mean(ours.ndcg))}  Recall@100 ${figure(mean(ours.recall))}`,
  );
  console.log(
    `FTS5 bm25() (k1 1.2, b 0.75), same tokens nDCG@10 ${figure(mean(fts.ndcg))}  Recall@100 ${figure(mean(fts.recall))}`,
  );
  if (start) {
    console.log(
      `peer (${peerCommit.slice(0, 7)})                      nDCG@10 ${figure(mean(atStart.ndcg))}  Recall@100 ${figure(mean(atStart.recall))}`,
    );
  }
  console.log('published BM25: Anserini flat 0.6789 (R@100 0.9253), BEIR paper 0.665');
  console.log(
    `query latency (limit 10): p50 ${quantile(ours.latency, 0.5).toFixed(1)} ms, p95 ${quantile(ours.latency, 0.95).toFixed(1)} ms`,
  );
  const groups = queries.map((query) => [...judgements.get(query._id)!.keys()].sort()[0] ?? query._id);
  await crossValidateWholeTerm({
    indexPath,
    queries: queries.map((query) => ({ text: query.text, relevance: judgements.get(query._id)! })),
    folds: foldsByGroup(groups, 5),
    idOf,
  });
} finally {
  await rm(base, { recursive: true, force: true });
}
