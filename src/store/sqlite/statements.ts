import type Database from 'better-sqlite3';
import type { RunRow } from './run-rows.js';

/** A row of `run_sources`. */
export interface SourceRow {
  url: string;
  final_url: string;
  title: string;
  content_hash: string;
  fetched_at: string;
  screenshot: number;
  /** JSON of the page's images; null when it had none. */
  images: string | null;
}

/** The statements of a SQLite run store, prepared once per database. */
export interface Statements {
  insertRun: Database.Statement;
  getRun: Database.Statement<[string], RunRow>;
  eventCount: Database.Statement<[string], { event_count: number }>;
  insertEvent: Database.Statement;
  setEventCount: Database.Statement;
  listEvents: Database.Statement<[string, number, number], { data: string }>;
  question: Database.Statement<[string], { question: string }>;
  saveText: Database.Statement;
  loadText: Database.Statement<[string, string], { text: string }>;
  deleteTexts: Database.Statement;
  deleteMemory: Database.Statement;
  deleteRun: Database.Statement;
  deleteEvents: Database.Statement;
  deleteSources: Database.Statement;
  deleteEvaluations: Database.Statement;
  upsertSource: Database.Statement;
  listSources: Database.Statement<[string], SourceRow>;
  putScreenshot: Database.Statement;
  getScreenshot: Database.Statement<[string, string], { png: Buffer }>;
  deleteScreenshots: Database.Statement;
  insertEvaluation: Database.Statement;
  listEvaluations: Database.Statement<
    [string],
    { event_index: number; attempt: number; pass: number; checks: string }
  >;
  activeIds: Database.Statement<[], { id: string }>;
  interruptActive: Database.Statement;
}

/** Prepares the statements of a run store on `database`. */
export function prepareStatements(database: Database.Database): Statements {
  return {
    insertRun: database.prepare(
      `INSERT INTO runs (id, question, status, options, created_at, usage, metrics, owner, sees_all)
       VALUES (@id, @question, @status, @options, @createdAt, @usage, @metrics, @owner, @seesAll)`,
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
    listSources: database.prepare<[string], SourceRow>(
      'SELECT * FROM run_sources WHERE run_id = ? ORDER BY rowid',
    ),
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
}
