import type { Embedder } from '../../llm/index.js';
import { FUSION_DEPTH, RANKING_WEIGHTS } from '../constants.js';
import {
  type IndexDatabase,
  POSTING_STRIDE,
  readMeta,
  readPostings,
  type SqliteDatabase,
} from '../database/index.js';
import { CorpusError } from '../errors.js';
import type { SearchMode } from '../types.js';
import { type CodeQuery, readCodeQuery } from './code-query.js';
import { orderByFile } from './file-order.js';
import { fuseByRank } from './fuse.js';
import { emptyTextScores, lexicalSearch, type ScoredChunk, type TextScores, type Weigh } from './lexical.js';
import { keepFeedbackSources, type SearchPage, withUsedNames } from './name-feedback.js';
import { priorOf } from './priors.js';
import { queryTerms } from './query-terms.js';
import type { RankingContext } from './ranking-context.js';
import type { RankingWeights } from './ranking-weights.js';
import { semanticSearch } from './semantic.js';

/** What `rankChunks` ranks: a checked request. */
export interface RankRequest {
  query: string;
  mode: SearchMode;
  /** Passages wanted; the legs look deeper (`FUSION_DEPTH`). */
  limit: number;
  pathPrefix?: string;
  signal?: AbortSignal;
}

/** The weight of the symbols the question names that each passage defines (the largest), by chunk id. */
function namedDefinitions(db: SqliteDatabase, named: CodeQuery['named']): Map<number, number> {
  const defines = new Map<number, number>();
  if (named.size === 0) return defines;
  const rows = db
    .prepare(
      `SELECT chunk_id AS chunkId, name FROM definitions
       WHERE local = 0 AND chunk_id IS NOT NULL AND name IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify([...named.keys()])) as Array<{ chunkId: number; name: string }>;
  for (const row of rows) {
    defines.set(row.chunkId, Math.max(defines.get(row.chunkId) ?? 0, named.get(row.name) ?? 0));
  }
  return defines;
}

/** Whether a passage of a file other than documentation holds the term. */
function writtenInCode(db: SqliteDatabase, context: RankingContext, term: string): boolean {
  for (const block of readPostings(db, term)) {
    for (let at = 0; at < block.length; at += POSTING_STRIDE) {
      const role = context.files.get(block[at + 1] as number)?.role;
      if (role !== undefined && role !== 'docs') return true;
    }
  }
  return false;
}

/** The file of each listed passage. */
function chunkFiles(db: SqliteDatabase, list: readonly ScoredChunk[]): Map<number, number> {
  const rows = db
    .prepare('SELECT c.id, c.file_id AS fileId FROM chunks c JOIN json_each(?) j ON j.value = c.id')
    .all(JSON.stringify(list.map((entry) => entry.chunkId))) as Array<{ id: number; fileId: number }>;
  return new Map(rows.map((row) => [row.id, row.fileId]));
}

/** Passages each leg ranks for a request. */
const depthOf = (request: RankRequest) => Math.max(request.limit * 3, FUSION_DEPTH);

async function semanticLeg(options: {
  index: IndexDatabase;
  embedder: Embedder;
  request: RankRequest;
  weigh: Weigh;
}): Promise<ScoredChunk[]> {
  const { index, embedder, request } = options;
  const stored = readMeta(index.db, 'embed_model');
  if (stored !== embedder.id) {
    throw new CorpusError({
      code: 'embedding_mismatch',
      message: `The index has no vectors from ${embedder.id}${stored ? ` (it has ${stored}'s)` : ''}; index the folder again with --embed-model ${embedder.id}.`,
    });
  }
  const [vector] = await embedder.embed([request.query], { signal: request.signal });
  if (!vector) return [];
  const list = await semanticSearch({
    db: index.db,
    vectorExtension: index.vectorExtension,
    vector,
    limit: depthOf(request),
    pathPrefix: request.pathPrefix,
    signal: request.signal,
  });
  // The nearest passages by meaning, then weighed by their priors like the lexical leg's (a
  // negative similarity is divided, so a prior under 1 still pushes its passage down).
  const fileOf = chunkFiles(index.db, list);
  return list
    .map(({ chunkId, score }) => {
      const prior = options.weigh(chunkId, fileOf.get(chunkId) ?? 0);
      return { chunkId, score: score >= 0 ? score * prior : score / prior };
    })
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
}

/**
 * Ranks a corpus's passages for a query. The query is read as code (see `readCodeQuery`: names
 * matched both ways, the symbols it names, expansion through the symbol table), and each passage's
 * score is multiplied by its priors (see `priorOf`: its file's role and centrality, the definition
 * of a named symbol). Lexical: BM25F over path, title and body. Semantic: cosine similarity of
 * embeddings (`embedder` required). Hybrid: reciprocal rank fusion of the two, or lexical alone
 * without an embedder. Files are ranked by their best passage and a share of their next ones,
 * and each file's best passage comes before any file's second one (see `orderByFile`); copies of
 * one module in several build folders count as one file. Then the names the first three files
 * call, that few other modules define, are searched too, and those
 * three files stay first (see `withUsedNames`): their collaborators join the page, and files named
 * after the question's words rise among them (`RankingWeights.fileName`). A query over
 * the length or term limit throws `CorpusError` `query_too_long`.
 */
export async function rankChunks(options: {
  index: IndexDatabase;
  context: RankingContext;
  embedder: Embedder | undefined;
  request: RankRequest;
  /** Default `RANKING_WEIGHTS`; the tuning bench tries others. */
  weights?: RankingWeights;
}): Promise<ScoredChunk[]> {
  const { index, context, embedder, request } = options;
  const weights = options.weights ?? RANKING_WEIGHTS;
  const inCode = (term: string) => writtenInCode(index.db, context, term);
  // A whole form the code defines or writes (`pagerank` of `PageRank`) is a name, searched as one;
  // any other (`tnfalpha` of `TNF-α`, `0dimensional`) is a compound whose parts carry its evidence.
  const wholeWeight = (whole: string) =>
    context.vocabulary.byKey.has(whole) || inCode(whole) ? 1 : weights.wholeTerm;
  const query = readCodeQuery({
    terms: queryTerms(request.query, wholeWeight),
    query: request.query,
    vocabulary: context.vocabulary,
    inCode,
    weights,
  });
  // The second search adds terms only: it reads their postings and no others, and its semantic
  // leg is the first's (the query's text and the priors, which read its named symbols and what it
  // asks for, are the same, but a file's name): the query is embedded and the vectors searched once.
  const scored = emptyTextScores();
  let semantic: Promise<ScoredChunk[]> | undefined;
  const semanticOnce =
    embedder && request.mode !== 'lexical'
      ? (weigh: Weigh) => (semantic ??= semanticLeg({ index, embedder, request, weigh }))
      : undefined;
  const search = (read: CodeQuery, chosen: RankingWeights) =>
    searchOnce({ index, context, semantic: semanticOnce, scored, request, weights: chosen, query: read });
  // The first files are the question's words' choice; a file's name weighs only the second search,
  // which fills the page after them (see `keepFeedbackSources`).
  const first = await search(query, { ...weights, fileName: 0 });
  // Names fed back are terms: a search by meaning alone has no use for them.
  const weight = request.mode === 'semantic' ? 0 : weights.feedback;
  const expanded = withUsedNames({
    db: index.db,
    vocabulary: context.vocabulary,
    copies: context.copies,
    query,
    first,
    weight,
  });
  if (expanded === query) return [...first.ranked];
  return keepFeedbackSources(first, await search(expanded, weights));
}

/** One search for a read query: its legs, fused, each file's best passage first. */
async function searchOnce(options: {
  index: IndexDatabase;
  context: RankingContext;
  /** The semantic leg, when the mode and an embedder call for one. */
  semantic: ((weigh: Weigh) => Promise<ScoredChunk[]>) | undefined;
  scored: TextScores;
  request: RankRequest;
  weights: RankingWeights;
  query: CodeQuery;
}): Promise<SearchPage> {
  const { index, context, request, weights, query } = options;
  const defines = namedDefinitions(index.db, query.named);
  const neutral = { role: 'source', entry: false, centrality: 1, nameParts: [] } as const;
  const weigh: Weigh = (chunkId, fileId) =>
    priorOf({
      file: context.files.get(fileId) ?? neutral,
      defines: defines.get(chunkId) ?? 0,
      query,
      weights,
    });
  const legs: ScoredChunk[][] = [];
  if (request.mode !== 'semantic') {
    legs.push(
      await lexicalSearch({
        db: index.db,
        stats: context.stats,
        terms: query.terms,
        limit: depthOf(request),
        pathPrefix: request.pathPrefix,
        signal: request.signal,
        weigh,
        scored: options.scored,
      }),
    );
  }
  if (options.semantic) legs.push(await options.semantic(weigh));
  const ranked = legs.length > 1 ? fuseByRank(legs) : (legs[0] ?? []);
  const fileOf = chunkFiles(index.db, ranked);
  const copies = context.copies;
  return { ranked: orderByFile({ ranked, fileOf, support: weights.fileSupport, copies }), fileOf };
}
