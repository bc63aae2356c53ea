import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ResearchEvent, SourceImage } from '../contract/index.js';
import { completeMetrics, emptyMetrics, emptyUsage } from '../contract/index.js';
import { StoreError } from './errors.js';
import { createSqliteMemories } from './memories/sqlite.js';
import { migrate } from './migrations.js';
import { packJson, type TextPacker, type TextUnpacker, unpackJson } from './stored-texts.js';
import type { ListRunsQuery, RunEvaluation, RunRecord, RunSource, RunStore, RunUpdate } from './types.js';

/** A SQLite run store; `database` is shared with the source cache. */
export interface SqliteRunStore extends RunStore {
  readonly database: Database.Database;
}

interface RunRow {
  sequence: number;
  id: string;
  question: string;
  status: RunRecord['status'];
  options: string;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  result: string | null;
  usage: string;
  metrics: string;
  error: string | null;
  event_count: number;
  owner: string | null;
}

function toRecord(row: RunRow, texts: TextUnpacker): RunRecord {
  return {
    id: row.id,
    question: row.question,
    status: row.status,
    options: unpackJson(row.options, texts),
    createdAt: row.created_at,
    ...(row.started_at ? { startedAt: row.started_at } : {}),
    ...(row.ended_at ? { endedAt: row.ended_at } : {}),
    ...(row.result ? { result: unpackJson(row.result, texts) } : {}),
    usage: JSON.parse(row.usage),
    metrics: completeMetrics(JSON.parse(row.metrics)),
    ...(row.error ? { error: JSON.parse(row.error) } : {}),
    eventCount: row.event_count,
    ...(row.owner !== null ? { owner: row.owner } : {}),
  };
}

/**
 * Opens (creating it, readable by its owner only, and its folder on first use) a SQLite database in
 * WAL mode and applies the schema migrations. `path` may be `:memory:`.
 */
export function openSqliteStore(options: { path: string }): SqliteRunStore {
  if (options.path !== ':memory:') {
    // Owner-only: runs hold questions, answers and what was read. SQLite gives its -wal and -shm
    // files the database file's permissions; an existing file keeps the ones it has.
    mkdirSync(dirname(options.path), { recursive: true, mode: 0o700 });
    closeSync(openSync(options.path, 'a', 0o600));
  }
  const database = new Database(options.path);
  database.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode; only an OS crash can lose the last commits.
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  migrate(database);

  const statements = {
    insertRun: database.prepare(
      `INSERT INTO runs (id, question, status, options, created_at, usage, metrics, owner)
       VALUES (@id, @question, @status, @options, @createdAt, @usage, @metrics, @owner)`,
    ),
    getRun: database.prepare<[string], RunRow>('SELECT * FROM runs WHERE id = ?'),
    eventCount: database.prepare<[string], { event_count: number }>(
      'SELECT event_count FROM runs WHERE id = ?',
    ),
    insertEvent: database.prepare(
      'INSERT INTO events (run_id, event_index, type, at, data) VALUES (?, ?, ?, ?, ?)',
    ),
    setEventCount: database.prepare('UPDATE runs SET event_count = ? WHERE id = ?'),
    listEvents: database.prepare<[string, number, number], { data: string }>(
      'SELECT data FROM events WHERE run_id = ? AND event_index > ? ORDER BY event_index LIMIT ?',
    ),
    question: database.prepare<[string], { question: string }>('SELECT question FROM runs WHERE id = ?'),
    saveText: database.prepare('INSERT OR IGNORE INTO run_texts (run_id, hash, text) VALUES (?, ?, ?)'),
    loadText: database.prepare<[string, string], { text: string }>(
      'SELECT text FROM run_texts WHERE run_id = ? AND hash = ?',
    ),
    deleteTexts: database.prepare('DELETE FROM run_texts WHERE run_id = ?'),
    deleteMemory: database.prepare('DELETE FROM memories WHERE run_id = ?'),
    deleteRun: database.prepare('DELETE FROM runs WHERE id = ?'),
    deleteEvents: database.prepare('DELETE FROM events WHERE run_id = ?'),
    deleteSources: database.prepare('DELETE FROM run_sources WHERE run_id = ?'),
    deleteEvaluations: database.prepare('DELETE FROM evaluations WHERE run_id = ?'),
    // A source stored again keeps its place (its rowid): `n` in the screenshot route counts places.
    upsertSource: database.prepare(
      `INSERT INTO run_sources (run_id, url, final_url, title, content_hash, fetched_at, screenshot, images)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (run_id, url) DO UPDATE SET final_url = excluded.final_url, title = excluded.title,
         content_hash = excluded.content_hash, fetched_at = excluded.fetched_at, screenshot = excluded.screenshot,
         images = excluded.images`,
    ),
    listSources: database.prepare<
      [string],
      {
        url: string;
        final_url: string;
        title: string;
        content_hash: string;
        fetched_at: string;
        screenshot: number;
        /** JSON of the page's images; null when it had none. */
        images: string | null;
      }
    >('SELECT * FROM run_sources WHERE run_id = ? ORDER BY rowid'),
    putScreenshot: database.prepare(
      'INSERT OR REPLACE INTO run_screenshots (run_id, url, png) VALUES (?, ?, ?)',
    ),
    getScreenshot: database.prepare<[string, string], { png: Buffer }>(
      'SELECT png FROM run_screenshots WHERE run_id = ? AND url = ?',
    ),
    deleteScreenshots: database.prepare('DELETE FROM run_screenshots WHERE run_id = ?'),
    insertEvaluation: database.prepare(
      'INSERT OR REPLACE INTO evaluations (run_id, event_index, attempt, pass, checks) VALUES (?, ?, ?, ?, ?)',
    ),
    listEvaluations: database.prepare<
      [string],
      { event_index: number; attempt: number; pass: number; checks: string }
    >('SELECT * FROM evaluations WHERE run_id = ? ORDER BY event_index'),
    activeIds: database.prepare<[], { id: string }>(
      "SELECT id FROM runs WHERE status IN ('queued', 'running') ORDER BY sequence",
    ),
    interruptActive: database.prepare(
      "UPDATE runs SET status = 'interrupted' WHERE status IN ('queued', 'running')",
    ),
  };

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

  /**
   * Checks and inserts a batch of events in one transaction. A bad event gets its own error and the
   * rest go on; each run's event count is read and written once per batch.
   */
  const insertBatch = database.transaction((events: readonly ResearchEvent[]) => {
    const counts = new Map<string, number>();
    const results = events.map((event): StoreError | undefined => {
      const count = counts.get(event.runId) ?? statements.eventCount.get(event.runId)?.event_count;
      if (count === undefined) return new StoreError('run_not_found', `No run with id "${event.runId}".`);
      counts.set(event.runId, count);
      if (event.index !== count) {
        return new StoreError(
          'event_out_of_order',
          `Event ${event.index} of run "${event.runId}" does not follow event ${count - 1}.`,
        );
      }
      const question = statements.question.get(event.runId)?.question ?? '';
      const data = packJson(event, packerFor(event.runId, question));
      statements.insertEvent.run(event.runId, event.index, event.type, event.at, data);
      counts.set(event.runId, count + 1);
      return undefined;
    });
    for (const [runId, count] of counts) statements.setEventCount.run(count, runId);
    return results;
  });

  // Events appended in the same tick (many runs emitting at once) share one transaction: one
  // commit instead of one per event. Each promise still resolves only after that commit.
  let pending: { event: ResearchEvent; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    let results: (StoreError | undefined)[];
    try {
      results = insertBatch(batch.map((item) => item.event));
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const error = results[index];
      if (error) item.reject(error);
      else item.resolve();
    });
  };

  const remove = database.transaction((id: string) => {
    const removed = statements.deleteRun.run(id).changes > 0;
    statements.deleteEvents.run(id);
    statements.deleteSources.run(id);
    statements.deleteScreenshots.run(id);
    statements.deleteEvaluations.run(id);
    statements.deleteTexts.run(id);
    statements.deleteMemory.run(id);
    return removed;
  });

  return {
    database,
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
    async updateRun(id, update: RunUpdate) {
      const packer = packerFor(id, requireRun(id).question);
      const columns: Record<keyof RunUpdate, string> = {
        status: 'status',
        startedAt: 'started_at',
        endedAt: 'ended_at',
        result: 'result',
        usage: 'usage',
        metrics: 'metrics',
        error: 'error',
      };
      const entries = Object.entries(update).filter(([, value]) => value !== undefined) as [
        keyof RunUpdate,
        unknown,
      ][];
      if (entries.length > 0) {
        const assignments = entries.map(([key]) => `${columns[key]} = ?`).join(', ');
        // The long texts and the row that refers to them are written together.
        database.transaction(() => {
          const values = entries.map(([key, value]) =>
            key === 'status' || key === 'startedAt' || key === 'endedAt' ? value : packJson(value, packer),
          );
          database.prepare(`UPDATE runs SET ${assignments} WHERE id = ?`).run(...values, id);
        })();
      }
      return record(requireRun(id));
    },
    async listRuns(query: ListRunsQuery) {
      const where: string[] = [];
      const parameters: unknown[] = [];
      if (query.cursor !== undefined) {
        where.push('sequence < ?');
        parameters.push(Number(query.cursor));
      }
      if (query.status && query.status.length > 0) {
        where.push(`status IN (${query.status.map(() => '?').join(', ')})`);
        parameters.push(...query.status);
      }
      if (query.createdAfter) {
        where.push('created_at >= ?');
        parameters.push(query.createdAfter);
      }
      if (query.owner !== undefined) {
        where.push('owner = ?');
        parameters.push(query.owner);
      }
      const sql = `SELECT * FROM runs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY sequence DESC LIMIT ?`;
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
    appendEvent(event) {
      return new Promise<void>((resolve, reject) => {
        if (!database.open) {
          reject(new StoreError('store_closed', 'The run store is closed.'));
          return;
        }
        pending.push({ event, resolve, reject });
        if (pending.length === 1) setImmediate(flush);
      });
    },
    async listEvents(runId, options = {}) {
      const rows = statements.listEvents.all(runId, options.after ?? -1, options.limit ?? -1);
      if (rows.length === 0) return [];
      const texts = unpackerFor(runId, statements.question.get(runId)?.question ?? '');
      return rows.map((row) => unpackJson<ResearchEvent>(row.data, texts));
    },
    async addSource(runId, source: RunSource) {
      requireRun(runId);
      statements.upsertSource.run(
        runId,
        source.url,
        source.finalUrl,
        source.title,
        source.contentHash,
        source.fetchedAt,
        source.screenshot ? 1 : 0,
        source.images && source.images.length > 0 ? JSON.stringify(source.images) : null,
      );
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
      statements.insertEvaluation.run(
        runId,
        evaluation.eventIndex,
        evaluation.attempt,
        evaluation.pass ? 1 : 0,
        JSON.stringify(evaluation.checks),
      );
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
      if (pending.length > 0) flush();
      // Folds the WAL back into the main file so a closed database is one self-contained file.
      database.pragma('wal_checkpoint(TRUNCATE)');
      database.close();
    },
  };
}
