import type { ResearchEvent } from '../../contract/index.js';
import type { RunStore, WriteFence } from '../types.js';
import { createEventAppends } from './event-appends.js';
import { writeEventsOn } from './event-writes.js';
import type { StoreConnection } from './store-connection.js';

/** The event log of a Postgres store, and a wait for the writes under way (before it closes). */
export interface EventLog extends Pick<RunStore, 'appendEvent' | 'writeEvents' | 'listEvents'> {
  /** Resolves once the appends and writes already made have finished, however they ended. */
  idle(): Promise<void>;
}

/** The event log of the store behind `connection`; every append is announced on `channel`. */
export function postgresEventLog(connection: StoreConnection, channel: string): EventLog {
  // Appends to one run are made in call order, its waiting ones in one statement.
  const appends = createEventAppends({
    query: (sql, values) => connection.query(sql, values),
    channel,
  });
  // Writes of many runs under way, each one transaction: close lets them finish.
  const writing = new Set<Promise<unknown>>();
  return {
    async appendEvent(event, fence: WriteFence = {}) {
      connection.ensureOpen();
      await appends.append(event, fence);
    },
    async writeEvents(writes) {
      const written = connection.transaction((held) =>
        writeEventsOn((sql, values) => held.query(sql, values), { writes, channel }),
      );
      writing.add(written);
      try {
        return await written;
      } finally {
        writing.delete(written);
      }
    },
    async listEvents(runId, listOptions = {}) {
      return connection.jsonRows<ResearchEvent>(
        'SELECT data FROM events WHERE run_id = $1 AND event_index > $2 ORDER BY event_index LIMIT $3',
        [runId, listOptions.after ?? -1, listOptions.limit ?? null],
      );
    },
    async idle() {
      await appends.idle();
      await Promise.allSettled([...writing]);
    },
  };
}
