import type { Embedder } from '../../llm/index.js';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../constants.js';
import type { IndexDatabase } from '../database/index.js';
import { CorpusError } from '../errors.js';
import { LineCache } from '../tools/file-rows.js';
import type { CorpusHit, SearchMode } from '../types.js';
import { hitLines } from './hit-lines.js';
import type { ScoredChunk } from './lexical.js';
import { rankChunks } from './rank-chunks.js';
import type { RankingContext } from './ranking-context.js';

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

/**
 * The best passages of a corpus for a query, with the lines that match it (see `rankChunks` for
 * the ranking). Throws `CorpusError` `invalid_request` for a bad mode or limit, `needs_embed_model`
 * for semantic search without an embedder, `query_too_long` past the query limits.
 */
export async function searchChunks(options: {
  index: IndexDatabase;
  context: () => RankingContext;
  embedder: Embedder | undefined;
  request: SearchCorpusRequest;
}): Promise<CorpusHit[]> {
  const { index, embedder, request } = options;
  const { mode, limit } = checkRequest(request);
  if (mode === 'semantic' && !embedder) throw needsEmbedModel();
  const ranked = await rankChunks({
    index,
    context: options.context(),
    embedder,
    request: { ...request, mode, limit },
  });
  return toHits(index, ranked.slice(0, limit), request.query);
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
