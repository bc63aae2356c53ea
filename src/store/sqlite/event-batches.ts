import type Database from 'better-sqlite3';
import type { ResearchEvent } from '../../contract/index.js';
import { StoreError } from '../errors.js';
import { packJson, type TextPacker } from '../stored-texts.js';
import type { Statements } from './statements.js';

/** Appends events; those appended in the same tick share one transaction. */
export interface EventBatches {
  /** Resolves once the event's transaction has committed; rejects with that event's own error. */
  append(event: ResearchEvent): Promise<void>;
  /** Writes what is waiting now (before the database closes). */
  flush(): void;
}

/**
 * Events appended in the same tick (many runs emitting at once) share one transaction: one commit
 * instead of one per event. Each promise still resolves only after that commit; a bad event gets its
 * own error and the rest go on; each run's event count is read and written once per batch.
 */
export function createEventBatches(options: {
  database: Database.Database;
  statements: Statements;
  packerFor: (runId: string, question: string) => TextPacker;
}): EventBatches {
  const { database, statements } = options;
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
      const data = packJson(event, options.packerFor(event.runId, question));
      statements.insertEvent.run(event.runId, event.index, event.type, event.at, data);
      counts.set(event.runId, count + 1);
      return undefined;
    });
    for (const [runId, count] of counts) statements.setEventCount.run(count, runId);
    return results;
  });

  let pending: { event: ResearchEvent; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
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

  return {
    flush,
    append(event) {
      return new Promise<void>((resolve, reject) => {
        if (!database.open) {
          reject(new StoreError('store_closed', 'The run store is closed.'));
          return;
        }
        pending.push({ event, resolve, reject });
        if (pending.length === 1) setImmediate(flush);
      });
    },
  };
}
