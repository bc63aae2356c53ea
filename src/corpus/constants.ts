import type { RankingWeights } from './search/ranking-weights.js';

/**
 * Defaults of the corpus index and search that change behaviour, in one place. Retrieval
 * parameters are chosen on principle (see docs/corpus.md), not fitted to a test set.
 */

/** Version of everything that decides what is stored (tokeniser, chunker, symbol tables); a change rebuilds. */
export const INDEX_FORMAT_VERSION = 5;

/** Largest code or text file indexed, in bytes; bigger ones are usually generated or data. */
export const MAX_TEXT_FILE_BYTES = 1024 * 1024;
/** Largest HTML or PDF document indexed, in bytes (they go through the reader). */
export const MAX_DOCUMENT_FILE_BYTES = 20 * 1024 * 1024;
/**
 * Largest `.gitignore` read, in bytes (a large project's is a few KB); a bigger one is skipped with
 * a warning. Matching a path costs at most the ignore file's length times the path's.
 */
export const MAX_IGNORE_FILE_BYTES = 64 * 1024;
/** Bytes at the start of a file searched for a NUL byte to call it binary (git's rule). */
export const BINARY_SNIFF_BYTES = 8000;

/** A definition longer than this many lines is split along its members, or into windows. */
export const MAX_CODE_CHUNK_LINES = 120;
/** Neighbouring small definitions and statements are merged into chunks of up to this many lines. */
export const MERGE_CODE_CHUNK_LINES = 40;
/** Lines per window where a file has no symbols (or a symbol has no members to split along). */
export const CODE_WINDOW_LINES = 60;
/** Prose chunks grow paragraph by paragraph up to about this many characters. */
export const PROSE_CHUNK_CHARS = 2400;

/** Tokens longer than this are dropped (hashes, base64, minified noise). */
export const MAX_TOKEN_LENGTH = 40;

/**
 * BM25 term-frequency saturation (k1) and length normalisation (b): the standard Okapi values of
 * Robertson and colleagues, also Lucene's and FTS5's defaults. Not fitted to any test set.
 */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/**
 * BM25F field weights. A name (a symbol, a heading, a title) or a path names what a whole chunk is
 * about, so one match there counts as two in the body.
 */
export const FIELD_WEIGHTS = { path: 2, title: 2, body: 1 } as const;

/**
 * Code-aware ranking: each passage's text score times its priors (`src/corpus/search/priors.ts`) —
 * the file's role and centrality, and whether it defines a symbol the question names — with the
 * query read through the symbol table (`readCodeQuery`). Chosen on the tuning repositories of
 * bench/corpus-code.ts by coordinate ascent (bench/corpus-code-tuning.ts, which also leaves each
 * repository out in turn to show how a choice carries), never on the held-out ones; "Corpus
 * search" in docs/benchmarks.md gives both.
 */
export const RANKING_WEIGHTS: RankingWeights = {
  roles: { source: 1, test: 0.5, fixture: 0.5, generated: 0.1, declaration: 0.5, docs: 0.5, data: 0.1 },
  entry: 0.75,
  centrality: 0.05,
  definition: 0.5,
  plainWord: 0.5,
  expansion: 0.5,
  wholeTerm: 0.5,
  fileName: 0.5,
  fileSupport: 0.25,
  feedback: 1,
};

/** Reciprocal rank fusion damping (Cormack et al. 2009). */
export const RRF_K = 60;
/**
 * Passages each leg of a search ranks, at least (three times the limit past it): fusion and a
 * file's support (`orderByFile`) count the passages this deep, so the first files of a page are
 * the same for any limit up to 100.
 */
export const FUSION_DEPTH = 300;
/** Hits returned when `limit` is not given. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** Largest `limit` accepted. */
export const MAX_SEARCH_LIMIT = 1000;
/**
 * Longest query searched, in characters, and most distinct terms in it (an identifier of several
 * parts counts each part and the whole). Each term is one look-up in the index; a question or a
 * pasted error message fits, a document pasted as a query does not.
 */
export const MAX_QUERY_CHARACTERS = 2_000;
export const MAX_QUERY_TERMS = 100;
/** Work done between yields to the event loop while searching, in milliseconds. */
export const SEARCH_SLICE_MS = 20;

/** Texts per embedding request. */
export const EMBEDDING_BATCH_SIZE = 64;

/** Work done between yields to the event loop while indexing, in milliseconds. */
export const INDEX_SLICE_MS = 20;
/**
 * Files read and prepared before they are written in one transaction, or milliseconds since the
 * last write, whichever comes first: each write rewrites the postings blocks of the terms it touched.
 */
export const INDEX_COMMIT_FILES = 500;
export const INDEX_COMMIT_MS = 2000;
/** Files whose reads are under way ahead of the one being parsed. */
export const READ_AHEAD_FILES = 16;
/**
 * Worker threads that parse files and extract their symbols while this thread tokenises and writes
 * the files before them; none on a machine with one core. One is enough: parsing is about a third
 * of indexing, so a second worker would wait on this thread.
 */
export const SYMBOL_WORKERS = 1;
/**
 * A file still being parsed in a worker after this many milliseconds is parsed again in this
 * thread (the worker is replaced): a stuck worker costs time, never a file's symbols.
 */
export const SYMBOL_TIMEOUT_MS = 60_000;
/**
 * SQLite's page cache while a new index is built, in KiB (the default is 2,000): the rows of a
 * few thousand files stay in memory until written, instead of spilling pages between commits.
 */
export const BUILD_CACHE_KIB = 65_536;
/**
 * Posting values (Int32, 8 a posting) a new index holds in memory before writing them: 8 million
 * is about 64 MB of JavaScript numbers, the postings of some 6,000 source files.
 */
export const BUILD_POSTINGS_VALUES = 8_000_000;
/** Earlier versions of a file kept so a citation made before a re-index can still be checked. */
export const KEPT_FILE_VERSIONS = 3;

/** Lines of a search hit shown as its snippet: the ones matching the query best. */
export const SNIPPET_LINES = 3;
/** Characters of each snippet line. */
export const SNIPPET_LINE_CHARS = 160;
/** Matching line numbers a hit lists at most. */
export const MAX_MATCH_LINES = 20;

/** Token budget of `readMap` when none is given; characters per token for the estimate. */
export const DEFAULT_MAP_TOKENS = 1024;
export const CHARS_PER_TOKEN = 4;
/** Share of the files that must have changed since the files' centrality was computed for it to be computed again. */
export const CENTRALITY_REFRESH_SHARE = 0.01;
/** PageRank damping, most iterations, and the total change (L1) under which it has converged. */
export const PAGERANK_DAMPING = 0.85;
export const PAGERANK_ITERATIONS = 50;
export const PAGERANK_TOLERANCE = 1e-6;

/** Lines `readFile` returns when no range is given. */
export const DEFAULT_READ_LINES = 400;
