/**
 * Tables of a corpus index. Chunks are searched through `postings`: per term, blocks of packed
 * Int32 entries (chunk, file, the term's count in path, title and body, the chunk's field lengths;
 * see `postings.ts`), so a search reads only its terms' rows. A chunk's `terms` (its distinct terms,
 * space-separated) say which postings to drop when it goes. File texts are kept so reads and
 * citations use the text as indexed.
 * A file's `role` (source, test, generated…) and `centrality` (PageRank over the reference graph, 1
 * on average) are the priors search weighs it by.
 */
export const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  language TEXT,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  hash TEXT NOT NULL,
  text TEXT NOT NULL,
  line_count INTEGER NOT NULL,
  indexed_at TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'source',
  centrality REAL NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS file_versions (
  path TEXT NOT NULL,
  hash TEXT NOT NULL,
  text TEXT NOT NULL,
  replaced_at TEXT NOT NULL,
  PRIMARY KEY (path, hash)
);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  symbol TEXT,
  path_length INTEGER NOT NULL,
  title_length INTEGER NOT NULL,
  body_length INTEGER NOT NULL,
  terms TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS postings (
  term TEXT NOT NULL,
  block INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (term, block)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS definitions (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  chunk_id INTEGER,
  name TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  local INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS refs (
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  line INTEGER NOT NULL,
  kind TEXT NOT NULL,
  member INTEGER NOT NULL,
  enclosing_id INTEGER
);
CREATE TABLE IF NOT EXISTS embeddings (
  chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
  vector BLOB NOT NULL
);
`;

/**
 * The secondary indexes. A new index is built without them and gets them once its rows are in:
 * sorting every key once costs less than keeping each B-tree ordered through 200,000 inserts.
 */
export const INDEXES = `
CREATE INDEX IF NOT EXISTS chunks_file ON chunks(file_id);
CREATE INDEX IF NOT EXISTS definitions_name ON definitions(name);
CREATE INDEX IF NOT EXISTS definitions_qualified ON definitions(qualified_name);
CREATE INDEX IF NOT EXISTS definitions_file ON definitions(file_id);
CREATE INDEX IF NOT EXISTS refs_name ON refs(name);
CREATE INDEX IF NOT EXISTS refs_file ON refs(file_id);
CREATE INDEX IF NOT EXISTS refs_enclosing ON refs(enclosing_id);
`;

/** Every table and index of an index file. */
export const SCHEMA = TABLES + INDEXES;
