import { completeMetrics } from '../../contract/index.js';
import { type TextUnpacker, unpackJson } from '../stored-texts.js';
import type { RunRecord, RunUpdate } from '../types.js';

/** A row of the `runs` table. */
export interface RunRow {
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
  /** 1 when its maker saw every run (migration 7). */
  sees_all: number;
}

/** The column of each field a run update may change. */
export const UPDATE_COLUMNS: Record<keyof RunUpdate, string> = {
  status: 'status',
  startedAt: 'started_at',
  endedAt: 'ended_at',
  result: 'result',
  usage: 'usage',
  metrics: 'metrics',
  error: 'error',
};

/** Fields stored as they are; the others are JSON, their long texts stored once. */
export const PLAIN_FIELDS: readonly (keyof RunUpdate)[] = ['status', 'startedAt', 'endedAt'];

/** The record a row holds, its long texts read back through `texts`. */
export function toRecord(row: RunRow, texts: TextUnpacker): RunRecord {
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
    ...(row.sees_all ? { seesAll: true } : {}),
  };
}
