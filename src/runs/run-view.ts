import type { RunDetail, RunFigures, RunSummary } from '../contract/index.js';
import type { RunRecord } from '../store/index.js';
import { clientVisibleOptions } from './connection-options.js';

/** A run as `GET /api/runs/:id` shows it: with `live` usage and metrics while it runs. */
export function runDetail(record: RunRecord, live: RunFigures | undefined): RunDetail {
  return {
    id: record.id,
    question: record.question,
    status: record.status,
    options: clientVisibleOptions(record.options),
    createdAt: record.createdAt,
    startedAt: record.startedAt ?? null,
    endedAt: record.endedAt ?? null,
    result: record.result ?? null,
    usage: live?.usage ?? record.usage,
    metrics: live?.metrics ?? record.metrics,
    eventCount: record.eventCount,
    error: record.error,
  };
}

/** A run as one row of `GET /api/runs` shows it. */
export function runSummary(record: RunRecord, live: RunFigures | undefined): RunSummary {
  return {
    id: record.id,
    question: record.question,
    status: record.status,
    model: typeof record.options.model === 'string' ? record.options.model : null,
    createdAt: record.createdAt,
    startedAt: record.startedAt ?? null,
    endedAt: record.endedAt ?? null,
    stopReason: record.result?.stopReason ?? null,
    usage: live?.usage ?? record.usage,
    steps: (live?.metrics ?? record.metrics).steps,
    eventCount: record.eventCount,
  };
}
