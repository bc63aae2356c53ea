import type { ResearchEvent } from '../contract/index.js';
import { emptyMetrics, emptyUsage } from '../contract/index.js';
import { createInMemoryArchives } from './archives/in-memory.js';
import { StoreError } from './errors.js';
import { createInMemoryMemories } from './memories/in-memory.js';
import type {
  ListRunsQuery,
  NewRun,
  RunEvaluation,
  RunPage,
  RunRecord,
  RunSource,
  RunStore,
  RunUpdate,
} from './types.js';

interface StoredRun {
  sequence: number;
  record: RunRecord;
  events: ResearchEvent[];
  sources: Map<string, RunSource>;
  /** Screenshots by source URL, kept apart from the sources as the databases keep them. */
  screenshots: Map<string, Uint8Array>;
  evaluations: RunEvaluation[];
}

/** Copies through JSON so callers never share objects with the store (as with SQLite). */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/** A `RunStore` in memory: for tests and library use; nothing survives the process. */
export function createMemoryStore(): RunStore {
  const runs = new Map<string, StoredRun>();
  let sequence = 0;
  let closed = false;
  const memories = createInMemoryMemories();
  const archives = createInMemoryArchives((id) => stored(id));

  function stored(id: string): StoredRun {
    if (closed) throw new StoreError('store_closed', 'The run store is closed.');
    const run = runs.get(id);
    if (!run) throw new StoreError('run_not_found', `No run with id "${id}".`);
    return run;
  }

  function append(event: ResearchEvent): StoredRun {
    const run = stored(event.runId);
    if (event.index !== run.record.eventCount) {
      throw new StoreError(
        'event_out_of_order',
        `Event ${event.index} of run "${event.runId}" does not follow event ${run.record.eventCount - 1}.`,
      );
    }
    run.events.push(copy(event));
    run.record.eventCount += 1;
    return run;
  }

  return {
    memories,
    archives,
    async createRun(run: NewRun) {
      if (runs.has(run.id)) throw new StoreError('run_exists', `A run with id "${run.id}" exists.`);
      sequence += 1;
      const record: RunRecord = {
        id: run.id,
        question: run.question,
        status: run.status ?? 'queued',
        options: copy(run.options),
        createdAt: run.createdAt,
        usage: emptyUsage(),
        metrics: emptyMetrics(),
        eventCount: 0,
        // No `owner` key without an owner, like the SQL stores' rows (structuredClone would keep an undefined one).
        ...(run.owner !== undefined ? { owner: run.owner } : {}),
        ...(run.seesAll ? { seesAll: true } : {}),
      };
      runs.set(run.id, {
        sequence,
        record,
        events: [],
        sources: new Map(),
        screenshots: new Map(),
        evaluations: [],
      });
      return copy(record);
    },
    async getRun(id) {
      const run = runs.get(id);
      return run ? copy(run.record) : undefined;
    },
    async updateRun(id, update: RunUpdate) {
      const run = stored(id);
      run.record = { ...run.record, ...copy(update) };
      return copy(run.record);
    },
    async listRuns(query: ListRunsQuery): Promise<RunPage> {
      const before = query.cursor === undefined ? Number.POSITIVE_INFINITY : Number(query.cursor);
      const matching = [...runs.values()]
        .filter((run) => run.sequence < before)
        .filter((run) => !query.status || query.status.includes(run.record.status))
        .filter((run) => !query.createdAfter || run.record.createdAt >= query.createdAfter)
        .filter((run) => query.owner === undefined || run.record.owner === query.owner)
        .sort((a, b) => b.sequence - a.sequence);
      const page = matching.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        runs: page.map((run) => copy(run.record)),
        ...(matching.length > query.limit && last ? { nextCursor: String(last.sequence) } : {}),
      };
    },
    async deleteRun(id) {
      await memories.forget(id);
      archives.remove(id);
      return runs.delete(id);
    },
    async appendEvent(event) {
      append(event);
    },
    async writeEvents(writes) {
      if (closed) throw new StoreError('store_closed', 'The run store is closed.');
      return writes.map((write) => {
        try {
          const run = append(write.event);
          for (const source of write.sources ?? []) run.sources.set(source.url, copy(source));
          if (write.evaluation) run.evaluations.push(copy(write.evaluation));
          return undefined;
        } catch (error) {
          if (error instanceof StoreError) return error;
          throw error;
        }
      });
    },
    async listEvents(runId, options = {}) {
      const run = runs.get(runId);
      if (!run) return [];
      const after = options.after ?? -1;
      const events = run.events.slice(after + 1);
      return copy(options.limit === undefined ? events : events.slice(0, options.limit));
    },
    async addSource(runId, source) {
      stored(runId).sources.set(source.url, copy(source));
    },
    async listSources(runId) {
      return copy([...(runs.get(runId)?.sources.values() ?? [])]);
    },
    async putScreenshot(runId, url, png) {
      stored(runId).screenshots.set(url, new Uint8Array(png));
    },
    async getScreenshot(runId, url) {
      const png = runs.get(runId)?.screenshots.get(url);
      return png ? new Uint8Array(png) : undefined;
    },
    async addEvaluation(runId, evaluation) {
      stored(runId).evaluations.push(copy(evaluation));
    },
    async listEvaluations(runId) {
      return copy(runs.get(runId)?.evaluations ?? []);
    },
    async markInterrupted() {
      const ids: string[] = [];
      for (const run of runs.values()) {
        if (run.record.status === 'queued' || run.record.status === 'running') {
          run.record.status = 'interrupted';
          ids.push(run.record.id);
        }
      }
      return ids;
    },
    async close() {
      closed = true;
    },
  };
}
