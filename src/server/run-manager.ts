import { randomUUID } from 'node:crypto';
import type { ResearchConfig } from '../config/index.js';
import type { RunStatus } from '../contract/index.js';
import { emptyFigures, foldRunEvents, type RunFigures } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { SourceCache } from '../reader/types.js';
import type { ResearchRuntime } from '../research/types.js';
import type { RunRecord, RunStore } from '../store/index.js';
import { ApiError } from './errors.js';
import { EventHub, type RunListener } from './event-hub.js';
import { type ActiveRun, executeRun } from './execute-run.js';
import type { Logger } from './logger.js';
import type { Runner } from './runner.js';
import { safeOptions } from './secrets.js';

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
  /** Options added to every run at execution time and never stored (the server's API key). */
  secretOptions?: Partial<ResearchConfig>;
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
 * Starts runs in the background, at most `maxConcurrentRuns` at once (the rest queue in order),
 * stores each event before any listener sees it, cancels, resumes interrupted runs and shuts down
 * gracefully.
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

  /** Stores a new run as `queued` and starts it when a slot is free. */
  async start(input: { question: string; options: ResearchConfig }): Promise<RunRecord> {
    this.assertAccepting();
    const id = this.createId();
    const record = await this.options.store.createRun({
      id,
      question: input.question,
      options: safeOptions(input.options),
      createdAt: this.now().toISOString(),
    });
    this.logState(id, 'queued');
    this.queue.push({ id, options: input.options, resume: false });
    this.pump();
    return record;
  }

  /** Queues an interrupted run again; it continues from the knowledge in its stored events. */
  async resume(id: string): Promise<RunRecord> {
    this.assertAccepting();
    const record = await this.requireRun(id);
    if (record.status !== 'interrupted') {
      throw new ApiError('conflict', `Run "${id}" is ${record.status}; only an interrupted run can resume.`);
    }
    const updated = await this.options.store.updateRun(id, { status: 'queued' });
    this.logState(id, 'queued', { resumed: true });
    const options = { ...(record.options as ResearchConfig), ...this.options.secretOptions };
    this.queue.push({ id, options, resume: true });
    this.pump();
    return updated;
  }

  /** Cancels a queued run at once, or asks a running one to stop (it ends `cancelled`). */
  async cancel(id: string): Promise<RunRecord> {
    const record = await this.requireRun(id);
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
      throw new ApiError('conflict', `Run "${id}" has already ended (${record.status}).`);
    }
    active.stopCause ??= 'cancel';
    active.controller.abort(new Error('Cancelled by the user.'));
    return record;
  }

  /** Removes a run and its events, cancelling it first if it is still going. */
  async remove(id: string): Promise<boolean> {
    if (this.queue.some((entry) => entry.id === id)) await this.cancel(id);
    const active = this.active.get(id);
    if (active) {
      await this.cancel(id);
      await active.finished;
    }
    return this.options.store.deleteRun(id);
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
    return this.requireRun(id);
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
    if (!this.accepting) throw new ApiError('unavailable', 'The server is shutting down.');
  }

  private async requireRun(id: string): Promise<RunRecord> {
    const record = await this.options.store.getRun(id);
    if (!record) throw new ApiError('not_found', `No run with id "${id}".`);
    return record;
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

/** Whether `promise` settles within `ms` milliseconds. */
async function finishesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
