/**
 * An index written by the previous version (index format 1: FTS5 tables where this one keeps
 * postings) is rebuilt from the files, never read as if it were this format; what its owner chose
 * (its folder, its embedding model, the secret-files opt-in) survives the rebuild; one that cannot
 * be rebuilt is refused with an error naming the format and the fix.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INDEX_FORMAT_VERSION } from './constants.js';
import { openIndexDatabase, readMeta, writeMeta } from './database/index.js';
import { CorpusError } from './errors.js';
import { ensureCorpus, openCorpus } from './open-corpus.js';

/** The tables of index format 1 that differ from this format's, as the previous version wrote them. */
const FORMAT_1_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, language TEXT,
  size INTEGER NOT NULL, mtime_ms REAL NOT NULL, hash TEXT NOT NULL, text TEXT NOT NULL,
  line_count INTEGER NOT NULL, indexed_at TEXT NOT NULL);
CREATE TABLE chunks (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, symbol TEXT, path_length INTEGER NOT NULL,
  title_length INTEGER NOT NULL, body_length INTEGER NOT NULL);
CREATE VIRTUAL TABLE chunk_text USING fts5(path, title, body, content='', contentless_delete=1,
  tokenize="unicode61 remove_diacritics 0 categories 'L* N* M*'");
CREATE VIRTUAL TABLE chunk_terms USING fts5vocab(chunk_text, 'instance');
CREATE VIRTUAL TABLE symbol_names USING fts5(name, content='', contentless_delete=1);
CREATE TABLE embeddings (chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
  vector BLOB NOT NULL);
`;

const MODEL = 'openai-compatible:old-model';

let base: string;
let root: string;
let indexPath: string;

/** Writes a format-1 index of `owner` holding one file the folder no longer has. */
function writeOldIndex(owner: string): void {
  const db = new Database(indexPath);
  db.exec(FORMAT_1_SCHEMA);
  const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  for (const [key, value] of Object.entries({
    format: '1',
    root: owner,
    embed_model: MODEL,
    embed_base_url: 'http://127.0.0.1:9/v1',
    secret_files: 'index',
    updated_at: '2026-11-01T00:00:00.000Z',
  }))
    meta.run(key, value);
  db.exec(`INSERT INTO files VALUES (1, 'gone.ts', 'code', 'typescript', 10, 0, 'h', 'gone', 1, 'x');
    INSERT INTO chunks VALUES (1, 1, 1, 1, NULL, 1, 0, 1);
    INSERT INTO chunk_text (rowid, path, title, body) VALUES (1, 'gone', '', 'vanished');
    INSERT INTO embeddings VALUES (1, x'00000000');`);
  db.close();
}

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'index-format-'));
  root = join(base, 'repo');
  await mkdir(root);
  root = await realpath(root);
  await writeFile(
    join(root, 'parse-url.ts'),
    'export function parseUrl(text: string) {\n  return new URL(text);\n}\n',
  );
  indexPath = join(base, 'index.sqlite');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('an index of the previous format', () => {
  it("is rebuilt from the files, saying so, and keeps its owner's choices", async () => {
    writeOldIndex(root);
    const { corpus, summary } = await ensureCorpus({ root, indexPath, env: {} });
    try {
      expect(summary.warnings.join('\n')).toContain(`index format 1, this one reads ${INDEX_FORMAT_VERSION}`);
      expect(summary.files).toBe(1);
      const hits = await corpus.searchCorpus({ query: 'parseUrl', mode: 'lexical' });
      expect(hits.map((hit) => hit.path)).toEqual(['parse-url.ts']);
      expect(await corpus.searchCorpus({ query: 'vanished', mode: 'lexical' })).toEqual([]);
      // The model it was built with is still its model (its vectors are made again on update).
      expect(corpus.embedModel).toBe(MODEL);
    } finally {
      corpus.close();
    }
    const { db } = openIndexDatabase(indexPath);
    expect(readMeta(db, 'secret_files')).toBe('index');
    expect(readMeta(db, 'embed_base_url')).toBe('http://127.0.0.1:9/v1');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).not.toContain('chunk_text');
    expect(tables).not.toContain('symbol_names');
    db.close();
  });

  it('of format 2 (before Greek letters were read as their names) is rebuilt, and finds them by name', async () => {
    await writeFile(join(root, 'cytokines.md'), '# Cytokines\n\nTNF-α rises after the injury.\n');
    (await ensureCorpus({ root, indexPath, env: {} })).corpus.close();
    // What format 2 stored: the letter as written, no name.
    const old = openIndexDatabase(indexPath);
    old.db.prepare("DELETE FROM postings WHERE term = 'alpha'").run();
    writeMeta(old.db, 'format', '2');
    old.db.close();
    const { corpus, summary } = await ensureCorpus({ root, indexPath, env: {} });
    try {
      expect(summary.warnings.join('\n')).toContain(`index format 2, this one reads ${INDEX_FORMAT_VERSION}`);
      const hits = await corpus.searchCorpus({ query: 'alpha', mode: 'lexical' });
      expect(hits.map((hit) => hit.path)).toEqual(['cytokines.md']);
    } finally {
      corpus.close();
    }
  });

  it('is refused for another folder, and still names its own', async () => {
    writeOldIndex('/somewhere/else');
    await expect(openCorpus({ root, indexPath, env: {} })).rejects.toMatchObject({
      code: 'index_mismatch',
      message: expect.stringContaining('/somewhere/else'),
    });
    const { db } = openIndexDatabase(indexPath);
    expect(readMeta(db, 'root')).toBe('/somewhere/else');
    db.close();
  });

  it('is refused, naming its format and the fix, when another process holds it for writing', async () => {
    writeOldIndex(root);
    const writer = new Database(indexPath);
    writer.exec('BEGIN IMMEDIATE');
    try {
      let error: unknown;
      try {
        openIndexDatabase(indexPath).db.close();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CorpusError);
      expect(error).toMatchObject({ code: 'index_unusable' });
      expect((error as Error).message).toContain('index format 1');
      expect((error as Error).message).toContain('--index');
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
    // Once the writer is gone, it is rebuilt.
    const { db } = openIndexDatabase(indexPath);
    expect(readMeta(db, 'rebuilt_from')).toBe('1');
    db.close();
  }, 30_000);
});
