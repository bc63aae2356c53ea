import { completeMetrics } from '../../contract/index.js';
import type { ListRunsQuery, RunRecord } from '../types.js';

/** The fields of a record that live in its JSON column; the rest are columns of their own. */
type StoredFields = Omit<RunRecord, 'id' | 'status' | 'owner' | 'createdAt' | 'eventCount'>;

/** A row of the `runs` table. */
export interface RunRow {
  sequence: string;
  id: string;
  status: RunRecord['status'];
  owner: string | null;
  created_at: string;
  event_count: number;
  record: string;
  /** The cluster node holding the run (migration 3). */
  worker?: string | null;
  /** How many times a worker took the run (migration 8): the claim its current holder writes with. */
  claim?: number;
}

/** The record a row holds. */
export function toRecord(row: RunRow): RunRecord {
  const stored = JSON.parse(row.record) as StoredFields;
  return {
    ...stored,
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    metrics: completeMetrics(stored.metrics),
    eventCount: row.event_count,
    ...(row.owner !== null ? { owner: row.owner } : {}),
  };
}

/** The JSON column of a record: the fields without a column of their own. */
export function storedFields(record: RunRecord): string {
  const {
    id: _id,
    status: _status,
    owner: _owner,
    createdAt: _createdAt,
    eventCount: _count,
    ...rest
  } = record;
  return JSON.stringify(rest);
}

/** The SQL and values of a page of runs, newest first (one more than the page, to tell if more follow). */
export function listRunsQuery(query: ListRunsQuery): { sql: string; values: unknown[] } {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (query.cursor !== undefined) add((at) => `sequence < ${at}`, Number(query.cursor));
  if (query.status && query.status.length > 0) add((at) => `status = ANY(${at})`, [...query.status]);
  if (query.createdAfter) add((at) => `created_at >= ${at}`, query.createdAfter);
  if (query.owner !== undefined) add((at) => `owner = ${at}`, query.owner);
  values.push(query.limit + 1);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  return { sql: `SELECT * FROM runs ${filter} ORDER BY sequence DESC LIMIT $${values.length}`, values };
}
