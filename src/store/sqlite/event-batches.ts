import type Database from 'better-sqlite3';
import type { ResearchEvent } from '../../contract/index.js';
import { StoreError } from '../errors.js';
import { packJson, type TextPacker } from '../stored-texts.js';
import type { EventWrite, EventWriteOutcome, RunEvaluation, RunSource } from '../types.js';
import type { Statements } from './statements.js';

/** Appends events; those appended in the same tick share one transaction, and a batch written at once. */
export interface EventBatches {
  /** Resolves once the event's transaction has committed; rejects with that event's own error. */
  append(event: ResearchEvent): Promise<void>;
  /** Commits the writes (with the appends waiting) in one transaction now; resolves with each write's outcome. */
  write(writes: readonly EventWrite[]): Promise<EventWriteOutcome[]>;
  /** Writes what is waiting now (before the database closes). */
  flush(): void;
}

/** The parameters of `upsertSource` for a source of run `runId`. */
export function sourceParameters(runId: string, source: RunSource): unknown[] {
  return [
    runId,
    source.url,
    source.finalUrl,
    source.title,
    source.contentHash,
    source.fetchedAt,
    source.screenshot ? 1 : 0,
    source.images && source.images.length > 0 ? JSON.stringify(source.images) : null,
  ];
}

/** The parameters of `insertEvaluation` for an evaluation of run `runId`. */
export function evaluationParameters(runId: string, evaluation: RunEvaluation): unknown[] {
  const { eventIndex, attempt, pass, checks } = evaluation;
  return [runId, eventIndex, attempt, pass ? 1 : 0, JSON.stringify(checks)];
}

/** Writes asked for together (one `append` or one `write`), settled together. */
interface Request {
  writes: readonly EventWrite[];
  resolve: (outcomes: EventWriteOutcome[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Events written in the same tick (many runs emitting at once) share one transaction with the
 * sources and evaluations they carry: one commit instead of one per event. Each promise still
 * settles only after that commit; a bad event gets its own error and the rest go on; each run's
 * event count is read and written once per batch.
 */
export function createEventBatches(options: {
  database: Database.Database;
  statements: Statements;
  packerFor: (runId: string, question: string) => TextPacker;
}): EventBatches {
  const { database, statements } = options;
  const insertBatch = database.transaction((writes: readonly EventWrite[]) => {
    const counts = new Map<string, number>();
    const outcomes = writes.map(({ event, sources, evaluation }): EventWriteOutcome => {
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
      const data = packJson(event, options.packerFor(event.runId, question));
      statements.insertEvent.run(event.runId, event.index, event.type, event.at, data);
      for (const source of sources ?? [])
        statements.upsertSource.run(...sourceParameters(event.runId, source));
      if (evaluation) statements.insertEvaluation.run(...evaluationParameters(event.runId, evaluation));
      counts.set(event.runId, count + 1);
      return undefined;
    });
    for (const [runId, count] of counts) statements.setEventCount.run(count, runId);
    return outcomes;
  });

  let pending: Request[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    let outcomes: EventWriteOutcome[];
    try {
      outcomes = insertBatch(batch.flatMap((request) => request.writes));
    } catch (error) {
      for (const request of batch) request.reject(error);
      return;
    }
    let next = 0;
    for (const request of batch) {
      request.resolve(outcomes.slice(next, next + request.writes.length));
      next += request.writes.length;
    }
  };
  const enqueue = (writes: readonly EventWrite[], now: boolean) =>
    new Promise<EventWriteOutcome[]>((resolve, reject) => {
      if (!database.open) {
        reject(new StoreError('store_closed', 'The run store is closed.'));
        return;
      }
      pending.push({ writes, resolve, reject });
      if (now) flush();
      else if (pending.length === 1) setImmediate(flush);
    });

  return {
    flush,
    // A caller that gathered its batch already (a tick's worth) gets its commit now, with the
    // single appends waiting for this tick's.
    write: (writes) => enqueue(writes, true),
    async append(event) {
      const [outcome] = await enqueue([{ event }], false);
      if (outcome) throw outcome;
    },
  };
}
