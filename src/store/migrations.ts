import type Database from 'better-sqlite3';

/** One schema change. Versions are applied in order, once, and recorded in `PRAGMA user_version`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every schema change so far. Append new ones; never edit an applied one. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'runs, events, sources, evaluations, source cache',
    sql: `
      CREATE TABLE runs (
        sequence INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        question TEXT NOT NULL,
        status TEXT NOT NULL,
        options TEXT NOT NULL,
        created_at TEXT NOT NULL,
        started_at TEXT,
        ended_at TEXT,
        result TEXT,
        usage TEXT NOT NULL,
        metrics TEXT NOT NULL,
        error TEXT,
        event_count INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX runs_status ON runs (status, sequence);
      CREATE INDEX runs_created_at ON runs (created_at);
      CREATE TABLE events (
        run_id TEXT NOT NULL,
        event_index INTEGER NOT NULL,
        type TEXT NOT NULL,
        at TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (run_id, event_index)
      ) WITHOUT ROWID;
      CREATE TABLE run_sources (
        run_id TEXT NOT NULL,
        url TEXT NOT NULL,
        final_url TEXT NOT NULL,
        title TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (run_id, url)
      );
      CREATE TABLE evaluations (
        run_id TEXT NOT NULL,
        event_index INTEGER NOT NULL,
        attempt INTEGER NOT NULL,
        pass INTEGER NOT NULL,
        checks TEXT NOT NULL,
        PRIMARY KEY (run_id, event_index)
      ) WITHOUT ROWID;
      CREATE TABLE source_cache (
        url TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'run owners',
    sql: `
      ALTER TABLE runs ADD COLUMN owner TEXT;
      CREATE INDEX runs_owner ON runs (owner, sequence);
    `,
  },
  {
    version: 3,
    name: 'long texts stored once per run',
    sql: `
      CREATE TABLE run_texts (
        run_id TEXT NOT NULL,
        hash TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (run_id, hash)
      );
    `,
  },
  {
    version: 4,
    name: 'memories of finished runs',
    sql: `
      CREATE TABLE memories (
        sequence INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL UNIQUE,
        owner TEXT,
        created_at TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX memories_owner ON memories (owner, created_at);
      CREATE INDEX memories_created_at ON memories (created_at);
    `,
  },
  {
    version: 5,
    name: 'screenshots of pages read, apart from the sources',
    sql: `
      CREATE TABLE run_screenshots (
        run_id TEXT NOT NULL,
        url TEXT NOT NULL,
        png BLOB NOT NULL,
        PRIMARY KEY (run_id, url)
      ) WITHOUT ROWID;
      ALTER TABLE run_sources ADD COLUMN screenshot INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 6,
    name: 'images of the pages read, with their alt text',
    sql: `
      ALTER TABLE run_sources ADD COLUMN images TEXT;
    `,
  },
  {
    version: 7,
    name: 'runs whose maker saw every run draw on every memory',
    sql: `
      ALTER TABLE runs ADD COLUMN sees_all INTEGER NOT NULL DEFAULT 0;
    `,
  },
];

/** Applies the migrations the database has not seen yet, each in its own transaction. */
export function migrate(database: Database.Database, list: readonly Migration[] = migrations): number {
  const current = database.pragma('user_version', { simple: true }) as number;
  for (const migration of list) {
    if (migration.version <= current) continue;
    database.transaction(() => {
      database.exec(migration.sql);
      database.pragma(`user_version = ${migration.version}`);
    })();
  }
  return database.pragma('user_version', { simple: true }) as number;
}
