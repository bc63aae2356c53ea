import { randomUUID } from 'node:crypto';
import type { ResearchConfig } from '../../config/index.js';
import type {
  MetricsReport,
  ResearchEvent,
  RunDetail,
  RunList,
  RunSource,
  RunStatus,
} from '../../contract/index.js';
import { emptyFigures, foldRunEvents, type RunFigures } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import type { SourceCache } from '../../reader/types.js';
import type { ResearchRuntime } from '../../research/types.js';
import type { RunEvaluation, RunRecord, RunStore } from '../../store/index.js';
import type { Logger } from '../logger.js';
import { ALL_RUNS, canAccess, ownerFilter, type RunAccess } from './access.js';
import type { ActiveRun } from './active-run.js';
import { type ConnectionOptions, withCurrentConnection } from './connection-options.js';
import { RunServiceError } from './errors.js';
import { EventHub, type RunListener } from './event-hub.js';
import { executeRun } from './execute-run.js';
import { followRunEvents } from './follow-events.js';
import { measureRuns } from './measure-runs.js';
import { safeOptions } from './redaction.js';
import { runDetail, runSummary } from './run-view.js';
import type { Runner } from './runner.js';
import { finishesWithin } from './settle.js';

export interface RunManagerOptions {
  store: RunStore;
  runner: Runner;
  /** Runs that execute at once; the rest wait in order. */
  maxConcurrentRuns: number;
  logger: Logger;
  /** Shared reader cache (the store's SQLite cache on the server). */
  sourceCache?: SourceCache;
  /** Strings that must never be stored or sent (API keys, auth tokens); replaced in events. */
  secrets?: readonly string[];
  /**
   * The server's current connection options (API key, base URL, SearXNG URL, allowed hosts): a
   * resumed run takes them from here, never from its stored options. The key is never stored.
   */
  connection?: ConnectionOptions;
  /** Capabilities injected into every run (tests, benchmarks): models, search, reader, env. */
  runtime?: Omit<ResearchRuntime, 'runId' | 'signal' | 'onEvent' | 'resumeFrom' | 'sourceCache'>;
  now?: () => Date;
  createId?: () => string;
}

interface QueuedRun {
  id: string;
  options: ResearchConfig;
  resume: boolean;
}

/**
 * The run service: starts runs in the background, at most `maxConcurrentRuns` at once (the rest
 * queue in order), stores each event before any listener sees it, cancels, resumes interrupted runs,
 * shuts down gracefully, and reads runs, their events, sources and metrics back. It throws
 * `RunServiceError`s and knows nothing of HTTP.
 */
export class RunManager {
  private readonly hub = new EventHub();
  private readonly queue: QueuedRun[] = [];
  private readonly active = new Map<string, ActiveRun>();
  private readonly now: () => Date;
  private readonly createId: () => string;
  private accepting = true;

  constructor(private readonly options: RunManagerOptions) {
    this.now = options.now ?? (() => new Date());
    this.createId = options.createId ?? randomUUID;
  }

  /** Marks runs cut off by a crash `interrupted` and rebuilds their figures from their events. */
  async recover(): Promise<string[]> {
    const ids = await this.options.store.markInterrupted();
    for (const id of ids) {
      const { metrics, usage } = foldRunEvents(await this.options.store.listEvents(id));
      await this.options.store.updateRun(id, { metrics, usage });
      this.logState(id, 'interrupted', { reason: 'found queued or running at start-up' });
    }
    return ids;
  }

  /** Stores a new run as `queued` (belonging to `owner`, if given) and starts it when a slot is free. */
  async start(input: { question: string; options: ResearchConfig; owner?: string }): Promise<RunRecord> {
    this.assertAccepting();
    const id = this.createId();
    const record = await this.options.store.createRun({
      id,
      question: input.question,
      options: safeOptions(input.options),
      createdAt: this.now().toISOString(),
      ...(input.owner !== undefined ? { owner: input.owner } : {}),
    });
    this.logState(id, 'queued');
    this.queue.push({ id, options: input.options, resume: false });
    this.pump();
    return record;
  }

  /** Queues an interrupted run again; it continues from the knowledge in its stored events. */
  async resume(id: string, access: RunAccess): Promise<RunRecord> {
    this.assertAccepting();
    const record = await this.get(id, access);
    if (record.status !== 'interrupted') {
      throw new RunServiceError(
        'not_resumable',
        `Run "${id}" is ${record.status}; only an interrupted run can resume.`,
        { runId: id },
      );
    }
    const updated = await this.options.store.updateRun(id, { status: 'queued' });
    this.logState(id, 'queued', { resumed: true });
    const options = withCurrentConnection(record.options, this.options.connection ?? {});
    this.queue.push({ id, options, resume: true });
    this.pump();
    return updated;
  }

  /** Cancels a queued run at once, or asks a running one to stop (it ends `cancelled`). */
  async cancel(id: string, access: RunAccess): Promise<RunRecord> {
    const record = await this.get(id, access);
    const position = this.queue.findIndex((entry) => entry.id === id);
    if (position >= 0) {
      this.queue.splice(position, 1);
      const updated = await this.options.store.updateRun(id, {
        status: 'cancelled',
        endedAt: this.now().toISOString(),
      });
      this.logState(id, 'cancelled', { while: 'queued' });
      this.hub.end(id);
      return updated;
    }
    const active = this.active.get(id);
    if (!active) {
      throw new RunServiceError('run_ended', `Run "${id}" has already ended (${record.status}).`, {
        runId: id,
      });
    }
    active.stopCause ??= 'cancel';
    active.controller.abort(new Error('Cancelled by the user.'));
    return record;
  }

  /** Removes a run and its events, cancelling it first if it is still going. */
  async remove(id: string, access: RunAccess): Promise<void> {
    await this.get(id, access);
    if (this.queue.some((entry) => entry.id === id)) await this.cancel(id, access);
    const active = this.active.get(id);
    if (active) {
      await this.cancel(id, access);
      await active.finished;
    }
    await this.options.store.deleteRun(id);
  }

  /** The stored run; `run_not_found` when there is none, or none `access` may see. */
  async get(id: string, access: RunAccess): Promise<RunRecord> {
    const record = await this.options.store.getRun(id);
    // Another owner's run is answered exactly like a missing one: its existence is not revealed.
    if (!record || !canAccess(access, record)) {
      throw new RunServiceError('run_not_found', `No run with id "${id}".`, { runId: id });
    }
    return record;
  }

  /** A run with live usage and metrics while it runs. */
  async detail(id: string, access: RunAccess): Promise<RunDetail> {
    const record = await this.get(id, access);
    return runDetail(record, this.liveFigures(id));
  }

  /** A page of the runs `access` may see, newest first. */
  async list(
    query: { status?: readonly RunStatus[]; limit: number; cursor?: string },
    access: RunAccess,
  ): Promise<RunList> {
    const page = await this.options.store.listRuns({ ...query, ...ownerFilter(access) });
    return {
      runs: page.runs.map((record) => runSummary(record, this.liveFigures(record.id))),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  }

  /** A run's stored events with `index > after`. */
  async events(id: string, options: { after: number }, access: RunAccess): Promise<ResearchEvent[]> {
    await this.get(id, access);
    return this.options.store.listEvents(id, { after: options.after });
  }

  /** The pages a run read. */
  async sources(id: string, access: RunAccess): Promise<RunSource[]> {
    await this.get(id, access);
    return this.options.store.listSources(id);
  }

  /** The evaluator's verdicts on a run's answer attempts. */
  async evaluations(id: string, access: RunAccess): Promise<RunEvaluation[]> {
    await this.get(id, access);
    return this.options.store.listEvaluations(id);
  }

  /**
   * A run's events after `after`, stored ones first, then live ones as they are written, until the
   * run ends or `signal` aborts. `run_not_found` (before anything is yielded) when there is no such run.
   */
  async follow(
    id: string,
    options: { after: number; signal?: AbortSignal },
    access: RunAccess,
  ): Promise<AsyncGenerator<ResearchEvent>> {
    await this.get(id, access);
    return followRunEvents({ live: this, store: this.options.store, runId: id, ...options });
  }

  /**
   * Metrics of the runs `access` may see created in the last `lengthMs` milliseconds (`null`: every
   * run), labelled `window`, with the counts of this process's running and queued runs.
   */
  async metrics(
    options: { window: string; lengthMs: number | null; buckets: number },
    access: RunAccess,
  ): Promise<MetricsReport> {
    const report = await measureRuns({
      store: this.options.store,
      filter: ownerFilter(access),
      live: (id) => this.liveFigures(id),
      to: this.now(),
      ...options,
    });
    return { ...report, live: this.counts() };
  }

  /** Listens to a run's stored events as they are written; the returned function stops. */
  subscribe(runId: string, listener: RunListener): () => void {
    return this.hub.subscribe(runId, listener);
  }

  /** Whether the run is queued or running in this process. */
  isLive(id: string): boolean {
    return this.active.has(id) || this.queue.some((entry) => entry.id === id);
  }

  /** Usage and metrics of a running run so far. */
  liveFigures(id: string): RunFigures | undefined {
    return this.active.get(id)?.figures;
  }

  /** Resolves with the run's record once it has ended (at once if it already has). */
  async waitForEnd(id: string): Promise<RunRecord> {
    if (this.isLive(id)) {
      await new Promise<void>((resolve) => {
        const stop = this.subscribe(id, {
          onEvent() {},
          onEnd() {
            stop();
            resolve();
          },
        });
      });
    }
    return this.get(id, ALL_RUNS);
  }

  counts(): { running: number; queued: number } {
    return { running: this.active.size, queued: this.queue.length };
  }

  /**
   * Stops accepting runs, lets running ones finish for `graceMs`, then cancels them; runs cut off
   * this way and queued ones are left `interrupted`, ready to resume after a restart.
   */
  async shutdown(options: { graceMs: number }): Promise<void> {
    this.accepting = false;
    for (const entry of this.queue.splice(0)) {
      await this.options.store.updateRun(entry.id, { status: 'interrupted' });
      this.logState(entry.id, 'interrupted', { reason: 'shutdown while queued' });
      this.hub.end(entry.id);
    }
    const all = () => Promise.all([...this.active.values()].map((run) => run.finished));
    if (await finishesWithin(all(), options.graceMs)) return;
    for (const run of this.active.values()) {
      run.stopCause = 'shutdown';
      run.controller.abort(new Error('The server is shutting down.'));
    }
    await finishesWithin(all(), options.graceMs);
  }

  private assertAccepting(): void {
    if (!this.accepting) throw new RunServiceError('shutting_down', 'The server is shutting down.');
  }

  private pump(): void {
    while (this.accepting && this.active.size < this.options.maxConcurrentRuns) {
      const next = this.queue.shift();
      if (!next) return;
      this.execute(next);
    }
  }

  private execute(entry: QueuedRun): void {
    const controller = new AbortController();
    let markFinished = () => {};
    const run: ActiveRun = {
      controller,
      figures: emptyFigures(),
      finished: new Promise((resolve) => {
        markFinished = resolve;
      }),
    };
    this.active.set(entry.id, run);
    executeRun({
      id: entry.id,
      options: entry.options,
      resume: entry.resume,
      run,
      store: this.options.store,
      runner: this.options.runner,
      logger: this.options.logger,
      now: this.now,
      publish: (event) => this.hub.publish(event),
      logState: (status, fields) => this.logState(entry.id, status, fields),
      secrets: this.options.secrets ?? [],
      ...(this.options.sourceCache ? { sourceCache: this.options.sourceCache } : {}),
      ...(this.options.runtime ? { runtime: this.options.runtime } : {}),
    })
      .catch((error) => {
        this.options.logger.log('error', 'run bookkeeping failed', {
          runId: entry.id,
          error: describeError(error),
        });
      })
      .finally(() => {
        this.active.delete(entry.id);
        this.hub.end(entry.id);
        markFinished();
        this.pump();
      });
  }

  private logState(runId: string, status: RunStatus, fields: Record<string, unknown> = {}): void {
    this.options.logger.log('info', 'run state', { runId, status, ...fields });
  }
}
