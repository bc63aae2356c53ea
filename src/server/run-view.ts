import type { RunDetail, RunSummary } from '../contract/index.js';
import type { RunRecord } from '../store/index.js';
import type { RunManager } from './run-manager.js';
import { clientVisibleOptions } from './run-options.js';

/** `GET /api/runs/:id`: a run with live usage and metrics while it runs. */
export function runDetail(record: RunRecord, manager: RunManager): RunDetail {
  const live = manager.liveFigures(record.id);
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
    ...(record.error ? { error: record.error } : {}),
  };
}

/** One row of `GET /api/runs`. */
export function runSummary(record: RunRecord, manager: RunManager): RunSummary {
  const live = manager.liveFigures(record.id);
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
