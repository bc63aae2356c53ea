import type { Embedder } from '../../llm/index.js';
import { DEFAULT_SEARCH_LIMIT, FUSION_DEPTH, MAX_SEARCH_LIMIT } from '../constants.js';
import { type IndexDatabase, readMeta } from '../database/index.js';
import { CorpusError } from '../errors.js';
import { LineCache } from '../tools/file-rows.js';
import type { CorpusHit, SearchMode } from '../types.js';
import { fuseByRank } from './fuse.js';
import { hitLines } from './hit-lines.js';
import { type CollectionStats, lexicalSearch, type ScoredChunk } from './lexical.js';
import { queryTerms } from './query-terms.js';
import { semanticSearch } from './semantic.js';
import { symbolNameSearch } from './symbol-names.js';

/** What `searchCorpus` asks for. */
export interface SearchCorpusRequest {
  query: string;
  /** Default `hybrid`. */
  mode?: SearchMode;
  /** Only files under this path, relative to the root (`src/server`). */
  pathPrefix?: string;
  /** Hits returned (default 10, at most 1000). */
  limit?: number;
  signal?: AbortSignal;
}

const MODES: readonly SearchMode[] = ['lexical', 'semantic', 'hybrid'];

function checkRequest(request: SearchCorpusRequest): { mode: SearchMode; limit: number } {
  const mode = request.mode ?? 'hybrid';
  if (!MODES.includes(mode)) {
    throw new CorpusError({
      code: 'invalid_request',
      message: `Unknown search mode "${mode}"; use ${MODES.join(', ')}.`,
    });
  }
  const limit = request.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new CorpusError({
      code: 'invalid_request',
      message: `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${limit}.`,
    });
  }
  return { mode, limit };
}

/** The error for semantic search without an embedding model. */
export function needsEmbedModel(): CorpusError {
  return new CorpusError({
    code: 'needs_embed_model',
    message:
      'Semantic search needs an embedding model: pass --embed-model (e.g. ollama:nomic-embed-text or openai:text-embedding-3-small), or use --mode lexical or hybrid.',
  });
}

async function semanticLeg(
  index: IndexDatabase,
  embedder: Embedder,
  request: SearchCorpusRequest,
  limit: number,
): Promise<ScoredChunk[]> {
  const stored = readMeta(index.db, 'embed_model');
  if (stored !== embedder.id) {
    throw new CorpusError({
      code: 'embedding_mismatch',
      message: `The index has no vectors from ${embedder.id}${stored ? ` (it has ${stored}'s)` : ''}; index the folder again with --embed-model ${embedder.id}.`,
    });
  }
  const [vector] = await embedder.embed([request.query], { signal: request.signal });
  if (!vector) return [];
  return semanticSearch({
    db: index.db,
    vectorExtension: index.vectorExtension,
    vector,
    limit,
    pathPrefix: request.pathPrefix,
    signal: request.signal,
  });
}

/**
 * Ranks a corpus's chunks for a query. Lexical: BM25F over path, title and body. Semantic: cosine
 * similarity of embeddings (needs `embedder`). Hybrid: reciprocal rank fusion of lexical, symbol
 * names and, when there is an embedder, semantic. Each file's best passage comes before any file's
 * second one (see `filesFirst`), so scores fall within each of the two runs, not across them.
 * A query over the length or term limit throws `CorpusError` `query_too_long` (see `queryTerms`).
 */
export async function searchChunks(options: {
  index: IndexDatabase;
  stats: () => CollectionStats;
  embedder: Embedder | undefined;
  request: SearchCorpusRequest;
}): Promise<CorpusHit[]> {
  const { index, embedder, request } = options;
  const { mode, limit } = checkRequest(request);
  if (mode === 'semantic' && !embedder) throw needsEmbedModel();
  const terms = queryTerms(request.query);
  const depth = Math.max(limit * 3, FUSION_DEPTH);
  const legs: ScoredChunk[][] = [];
  const base = { db: index.db, pathPrefix: request.pathPrefix };
  if (mode !== 'semantic') {
    const stats = options.stats();
    legs.push(await lexicalSearch({ ...base, stats, terms, limit: depth, signal: request.signal }));
  }
  if (mode !== 'lexical' && embedder) legs.push(await semanticLeg(index, embedder, request, depth));
  if (mode === 'hybrid') legs.push(symbolNameSearch({ ...base, terms: [...terms.keys()], limit: depth }));
  const ranked = mode === 'hybrid' ? fuseByRank(legs) : (legs[0] ?? []);
  return toHits(index, filesFirst(index, ranked).slice(0, limit), request.query);
}

/**
 * The best passage of every file first, in rank order, then the other passages in rank order: a
 * page of results names as many files as it can (the order in which files first appear is kept).
 */
function filesFirst(index: IndexDatabase, ranked: readonly ScoredChunk[]): ScoredChunk[] {
  const rows = index.db
    .prepare('SELECT c.id, c.file_id AS fileId FROM chunks c JOIN json_each(?) j ON j.value = c.id')
    .all(JSON.stringify(ranked.map((entry) => entry.chunkId))) as Array<{ id: number; fileId: number }>;
  const fileOf = new Map(rows.map((row) => [row.id, row.fileId]));
  const seen = new Set<number | undefined>();
  const best: ScoredChunk[] = [];
  const rest: ScoredChunk[] = [];
  for (const entry of ranked) {
    const file = fileOf.get(entry.chunkId);
    if (seen.has(file)) rest.push(entry);
    else {
      seen.add(file);
      best.push(entry);
    }
  }
  return [...best, ...rest];
}

function toHits(index: IndexDatabase, ranked: readonly ScoredChunk[], query: string): CorpusHit[] {
  const lines = new LineCache(index.db);
  const chunk = index.db.prepare(
    'SELECT file_id AS fileId, start_line AS startLine, end_line AS endLine, symbol FROM chunks WHERE id = ?',
  );
  return ranked.flatMap((entry) => {
    const row = chunk.get(entry.chunkId) as
      | { fileId: number; startLine: number; endLine: number; symbol: string | null }
      | undefined;
    if (!row) return [];
    const file = lines.get(row.fileId);
    const text = lines.slice(row.fileId, row.startLine, row.endLine);
    const shown = hitLines({ ...row, db: index.db, text, chunkSymbol: row.symbol ?? undefined, query });
    return [
      {
        path: file.path,
        startLine: row.startLine,
        endLine: row.endLine,
        score: entry.score,
        text,
        ...shown,
        contentHash: file.hash,
      },
    ];
  });
}
