import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ResearchEvent, SourceImage } from '../../contract/index.js';
import { emptyMetrics, emptyUsage } from '../../contract/index.js';
import { createSqliteArchives } from '../archives/sqlite.js';
import { StoreError } from '../errors.js';
import { createSqliteMemories } from '../memories/sqlite.js';
import { migrate } from '../migrations.js';
import { packJson, type TextPacker, type TextUnpacker, unpackJson } from '../stored-texts.js';
import type { ListRunsQuery, RunEvaluation, RunSource, RunStore, RunUpdate } from '../types.js';
import { createEventBatches, evaluationParameters, sourceParameters } from './event-batches.js';
import { PLAIN_FIELDS, type RunRow, toRecord, UPDATE_COLUMNS } from './run-rows.js';
import { prepareStatements } from './statements.js';

/** A SQLite run store; `database` is shared with the source cache. */
export interface SqliteRunStore extends RunStore {
  readonly database: Database.Database;
}

/** The database at `path`, in WAL mode and migrated; a new file is its owner's alone. */
function openDatabase(path: string): Database.Database {
  if (path !== ':memory:') {
    // Owner-only: runs hold questions, answers and what was read. SQLite gives its -wal and -shm
    // files the database file's permissions; an existing file keeps the ones it has.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    closeSync(openSync(path, 'a', 0o600));
  }
  const database = new Database(path);
  database.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode; only an OS crash can lose the last commits.
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  migrate(database);
  return database;
}

/** The WHERE clause and its parameters for a page of runs. */
function listFilter(query: ListRunsQuery): { where: string; parameters: unknown[] } {
  const conditions: [string, ...unknown[]][] = [];
  if (query.cursor !== undefined) conditions.push(['sequence < ?', Number(query.cursor)]);
  if (query.status && query.status.length > 0)
    conditions.push([`status IN (${query.status.map(() => '?').join(', ')})`, ...query.status]);
  if (query.createdAfter) conditions.push(['created_at >= ?', query.createdAfter]);
  if (query.owner !== undefined) conditions.push(['owner = ?', query.owner]);
  return {
    where: conditions.length ? `WHERE ${conditions.map(([sql]) => sql).join(' AND ')}` : '',
    parameters: conditions.flatMap(([, ...values]) => values),
  };
}

/**
 * Opens (creating it, readable by its owner only, and its folder on first use) a SQLite database in
 * WAL mode and applies the schema migrations. `path` may be `:memory:`.
 */
export function openSqliteStore(options: { path: string }): SqliteRunStore {
  const database = openDatabase(options.path);
  const statements = prepareStatements(database);

  function requireRun(id: string): RunRow {
    const row = statements.getRun.get(id);
    if (!row) throw new StoreError('run_not_found', `No run with id "${id}".`);
    return row;
  }

  /** Long strings of a run's JSON go to `run_texts` once (see `stored-texts.ts`). */
  const packerFor = (runId: string, question: string): TextPacker => ({
    question,
    save: (hash, text) => statements.saveText.run(runId, hash, text),
  });
  const unpackerFor = (runId: string, question: string): TextUnpacker => ({
    question,
    load: (hash) => statements.loadText.get(runId, hash)?.text,
  });
  const record = (row: RunRow) => toRecord(row, unpackerFor(row.id, row.question));
  const events = createEventBatches({ database, statements, packerFor });

  const update = (id: string, changes: RunUpdate) => {
    const packer = packerFor(id, requireRun(id).question);
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [
      keyof RunUpdate,
      unknown,
    ][];
    if (entries.length === 0) return;
    const assignments = entries.map(([key]) => `${UPDATE_COLUMNS[key]} = ?`).join(', ');
    // The long texts and the row that refers to them are written together.
    database.transaction(() => {
      const values = entries.map(([key, value]) =>
        PLAIN_FIELDS.includes(key) ? value : packJson(value, packer),
      );
      database.prepare(`UPDATE runs SET ${assignments} WHERE id = ?`).run(...values, id);
    })();
  };

  const remove = database.transaction((id: string) => {
    const removed = statements.deleteRun.run(id).changes > 0;
    for (const statement of [
      statements.deleteEvents,
      statements.deleteSources,
      statements.deleteScreenshots,
      statements.deleteEvaluations,
      statements.deleteTexts,
      statements.deleteMemory,
      statements.deleteArchive,
      statements.deleteVerification,
    ])
      statement.run(id);
    return removed;
  });

  return {
    database,
    archives: createSqliteArchives(database, requireRun),
    memories: createSqliteMemories(database, {
      packerFor: (runId) => {
        const run = statements.question.get(runId);
        return run ? packerFor(runId, run.question) : undefined;
      },
      unpackerFor,
    }),
    async createRun(run) {
      try {
        statements.insertRun.run({
          id: run.id,
          question: run.question,
          status: run.status ?? 'queued',
          options: packJson(run.options, packerFor(run.id, run.question)),
          createdAt: run.createdAt,
          usage: JSON.stringify(emptyUsage()),
          metrics: JSON.stringify(emptyMetrics()),
          owner: run.owner ?? null,
          seesAll: run.seesAll ? 1 : 0,
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new StoreError('run_exists', `A run with id "${run.id}" exists.`, { cause: error });
        }
        throw error;
      }
      return record(requireRun(run.id));
    },
    async getRun(id) {
      const row = statements.getRun.get(id);
      return row ? record(row) : undefined;
    },
    async updateRun(id, changes: RunUpdate) {
      update(id, changes);
      return record(requireRun(id));
    },
    async listRuns(query: ListRunsQuery) {
      const { where, parameters } = listFilter(query);
      const sql = `SELECT * FROM runs ${where} ORDER BY sequence DESC LIMIT ?`;
      const rows = database.prepare<unknown[], RunRow>(sql).all(...parameters, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        runs: page.map(record),
        ...(rows.length > query.limit && last ? { nextCursor: String(last.sequence) } : {}),
      };
    },
    async deleteRun(id) {
      return remove(id);
    },
    appendEvent: (event) => events.append(event),
    writeEvents: (writes) => events.write(writes),
    async listEvents(runId, options = {}) {
      const rows = statements.listEvents.all(runId, options.after ?? -1, options.limit ?? -1);
      if (rows.length === 0) return [];
      const texts = unpackerFor(runId, statements.question.get(runId)?.question ?? '');
      return rows.map((row) => unpackJson<ResearchEvent>(row.data, texts));
    },
    async addSource(runId, source: RunSource) {
      requireRun(runId);
      statements.upsertSource.run(...sourceParameters(runId, source));
    },
    async listSources(runId) {
      return statements.listSources.all(runId).map((row) => ({
        url: row.url,
        finalUrl: row.final_url,
        title: row.title,
        contentHash: row.content_hash,
        fetchedAt: row.fetched_at,
        ...(row.screenshot ? { screenshot: true } : {}),
        ...(row.images ? { images: JSON.parse(row.images) as SourceImage[] } : {}),
      }));
    },
    async putScreenshot(runId, url, png) {
      requireRun(runId);
      statements.putScreenshot.run(runId, url, Buffer.from(png));
    },
    async getScreenshot(runId, url) {
      const row = statements.getScreenshot.get(runId, url);
      return row ? new Uint8Array(row.png) : undefined;
    },
    async addEvaluation(runId, evaluation: RunEvaluation) {
      requireRun(runId);
      statements.insertEvaluation.run(...evaluationParameters(runId, evaluation));
    },
    async listEvaluations(runId) {
      return statements.listEvaluations.all(runId).map((row) => ({
        eventIndex: row.event_index,
        attempt: row.attempt,
        pass: row.pass === 1,
        checks: JSON.parse(row.checks),
      }));
    },
    async markInterrupted() {
      return database.transaction(() => {
        const ids = statements.activeIds.all().map((row) => row.id);
        statements.interruptActive.run();
        return ids;
      })();
    },
    async close() {
      if (!database.open) return;
      events.flush();
      // Folds the WAL back into the main file so a closed database is one self-contained file.
      database.pragma('wal_checkpoint(TRUNCATE)');
      database.close();
    },
  };
}
