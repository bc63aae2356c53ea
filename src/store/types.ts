import type {
  ResearchEvent,
  ResearchResult,
  RunMemory,
  RunMetrics,
  RunSource,
  RunStatus,
  Usage,
} from '../contract/index.js';
import type { ArchiveStore } from './archives/archive-store.js';
import type { StoreError } from './errors.js';
import type { WriteFence } from './write-fence.js';

/** A stored run. `options` never holds a secret (no API key). */
export interface RunRecord {
  id: string;
  question: string;
  status: RunStatus;
  /** The validated options of the run, secrets removed. */
  options: Record<string, unknown>;
  /** ISO-8601 times. */
  createdAt: string;
  startedAt?: string;
  endedAt?: string;
  /** The engine's result, once the run has ended. */
  result?: ResearchResult;
  usage: Usage;
  metrics: RunMetrics;
  /** Events stored so far; the next event's index. */
  eventCount: number;
  /** What went wrong, when the run failed outside the engine. */
  error?: { code: string; message: string };
  /** Who created the run: an id derived from their auth token, never the token; absent without auth. */
  owner?: string;
  /**
   * Its maker saw every run (an admin token, or a server without auth): the run draws on every
   * run's memories. Absent: on its owner's alone (on every one when it has no owner).
   */
  seesAll?: boolean;
}

/** Fields a caller sets when creating a run. */
export interface NewRun {
  id: string;
  question: string;
  options: Record<string, unknown>;
  createdAt: string;
  status?: RunStatus;
  /** See `RunRecord.owner`. */
  owner?: string;
  /** See `RunRecord.seesAll`. */
  seesAll?: boolean;
}

/** Fields that change over a run's life. */
export type RunUpdate = Partial<
  Pick<RunRecord, 'status' | 'startedAt' | 'endedAt' | 'result' | 'usage' | 'metrics' | 'error'>
>;

export interface ListRunsQuery {
  /** Only runs in one of these states. */
  status?: readonly RunStatus[];
  /** Only runs created at or after this ISO-8601 time. */
  createdAfter?: string;
  /** Only runs of this owner (`RunRecord.owner`). */
  owner?: string;
  /** Runs per page. */
  limit: number;
  /** Opaque cursor from a previous page's `nextCursor`. */
  cursor?: string;
}

export interface RunPage {
  /** Newest first. */
  runs: RunRecord[];
  /** Present when more runs follow. */
  nextCursor?: string;
}

/** A source a run read (cache hit or fresh fetch): the contract's shape, from its tool-result events. */
export type { RunSource };

/** One verdict of the evaluator on an answer attempt. */
export interface RunEvaluation {
  /** Index of the `evaluation` event it came from. */
  eventIndex: number;
  attempt: number;
  pass: boolean;
  checks: { type: string; pass: boolean; reason: string }[];
}

/** Which memories to list: newest first, at most `limit`, of one owner when `owner` is set. */
export interface MemoryQuery {
  /** Only memories of this owner (`RunRecord.owner`); absent: every memory. */
  owner?: string;
  limit: number;
}

/**
 * Memories of finished runs (see `RunMemory`), one per run id. A memory outlives nothing: deleting
 * its run forgets it too. Part of every `RunStore`, and of its contract suite.
 */
export interface MemoryStore {
  /** Keeps the memory, replacing one of the same run. */
  save(memory: RunMemory): Promise<void>;
  get(runId: string): Promise<RunMemory | undefined>;
  /** Newest first (by the time the run ended). */
  list(query: MemoryQuery): Promise<RunMemory[]>;
  /** Resolves false when there was no memory of that run. */
  forget(runId: string): Promise<boolean>;
  /** Forgets every memory (of `owner` when given); resolves with how many were forgotten. */
  forgetAll(query?: { owner?: string }): Promise<number>;
}

export type { WriteFence };

/** One event to store, with what it carries (a read's sources, the evaluator's verdict). */
export interface EventWrite {
  event: ResearchEvent;
  /** The sources the event names (a read's `tool-result`), stored with it. */
  sources?: readonly RunSource[];
  /** The evaluator's verdict of an `evaluation` event, stored with it. */
  evaluation?: RunEvaluation;
  /** In a cluster: stored only while this node holds the run. */
  fence?: WriteFence;
}

/** What became of one `EventWrite`: stored (undefined), or the `StoreError` that refused it. */
export type EventWriteOutcome = StoreError | undefined;

/**
 * Where runs live: the run records, an append-only event log per run whose `index` is 0, 1, 2…
 * with no gaps, the sources each run read and the evaluator's verdicts. Implementations: memory
 * (tests, library use) and SQLite (the server's default). Both pass `runStoreContract`.
 */
export interface RunStore {
  createRun(run: NewRun): Promise<RunRecord>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /** Throws `StoreError` `run_not_found` when the run does not exist. */
  updateRun(id: string, update: RunUpdate, fence?: WriteFence): Promise<RunRecord>;
  listRuns(query: ListRunsQuery): Promise<RunPage>;
  /**
   * Removes the run, its events, sources, screenshots, evaluations, memory, archive and last check. Resolves false when
   * there was no such run.
   */
  deleteRun(id: string): Promise<boolean>;
  /**
   * Appends one event. Its `index` must equal the run's `eventCount`, else `StoreError`
   * `event_out_of_order`; the write is durable when the promise resolves.
   */
  appendEvent(event: ResearchEvent, fence?: WriteFence): Promise<void>;
  /**
   * Stores events of many runs, each with its sources and evaluation, in one transaction (one
   * commit for all). Each run's events must follow its stored ones in the order given. Resolves
   * with one outcome per write, in order: a refused write (gap, repeat, unknown run, not held)
   * stores nothing of its own and fails alone. Rejects only when the transaction failed as a
   * whole; then none of them was stored.
   */
  writeEvents(writes: readonly EventWrite[]): Promise<EventWriteOutcome[]>;
  /** Events with `index > after` (default: all), in index order. */
  listEvents(runId: string, options?: { after?: number; limit?: number }): Promise<ResearchEvent[]>;
  addSource(runId: string, source: RunSource): Promise<void>;
  listSources(runId: string): Promise<RunSource[]>;
  /**
   * Stores the full-page screenshot (PNG) of the run's source `url`, replacing an earlier one. With
   * a `fence`, only while it holds (else `StoreError` `run_not_held`, nothing written).
   */
  putScreenshot(runId: string, url: string, png: Uint8Array, fence?: WriteFence): Promise<void>;
  /** The PNG stored for the run's source `url`; undefined when there is none. */
  getScreenshot(runId: string, url: string): Promise<Uint8Array | undefined>;
  addEvaluation(runId: string, evaluation: RunEvaluation): Promise<void>;
  listEvaluations(runId: string): Promise<RunEvaluation[]>;
  /** What finished runs left for later runs to draw on. */
  readonly memories: MemoryStore;
  /** The archive of each run's cited pages and the last re-check of its quotes. */
  readonly archives: ArchiveStore;
  /** Marks every `queued` or `running` run `interrupted`; returns their ids. Called at start-up. */
  markInterrupted(): Promise<string[]>;
  close(): Promise<void>;
}
