import { randomUUID } from 'node:crypto';
import { DEFAULT_INPUT_WAIT_SECONDS, type ResearchConfig } from '../config/index.js';
import type { RunDetail, RunStatus } from '../contract/index.js';
import { foldRunEvents, type RunFigures } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { CapabilityOverrides } from '../research/index.js';
import type { RunCluster, RunRecord, RunStore } from '../store/index.js';
import type { RunAccess } from './access.js';
import type { ActiveRun } from './active-run.js';
import { relayClusterEvents } from './cluster-relay.js';
import { ClusterWorker, type WorkerTiming } from './cluster-worker.js';
import { type ConnectionOptions, withCurrentConnection } from './connection-options.js';
import { RunServiceError } from './errors.js';
import { EventHub, type RunListener } from './event-hub.js';
import { launchRun } from './execute-run.js';
import { inputState } from './input-waits.js';
import type { Logger } from './logger.js';
import { safeOptions } from './redaction.js';
import { followedMemory, type MemoryScope, resumedMemoryScope } from './run-memory.js';
import { type QueuedRun, RunQueue } from './run-queue.js';
import { RunReader } from './run-reader.js';
import type { Runner } from './runner.js';
import { finishesWithin } from './settle.js';
import { WaitingRuns } from './waiting-runs.js';

export interface RunManagerOptions {
  store: RunStore;
  runner: Runner;
  /** Runs that execute at once; the rest wait in order. */
  maxConcurrentRuns: number;
  logger: Logger;
  /** Strings that must never be stored or sent (API keys, auth tokens); replaced in events. */
  secrets?: readonly string[];
  /**
   * The server's current connection options (API key, base URL, SearXNG URL, allowed hosts): a
   * resumed run takes them from here, never from its stored options. The key is never stored.
   */
  connection?: ConnectionOptions;
  /**
   * Capabilities every run gets: the shared reader cache (the store's SQLite cache on the server),
   * the registered corpora, the environment; models, search and reader in tests and benchmarks.
   */
  capabilities?: CapabilityOverrides;
  /**
   * How long a run waiting for input (`needs_input`) waits before it is cancelled with stop reason
   * `input_timeout`, in milliseconds (default `DEFAULT_INPUT_WAIT_SECONDS`, 24 h).
   */
  inputWaitMs?: number;
  /** This process is a node of a cluster: runs go through the cluster's queue, events come from every node. */
  cluster?: ClusterMembership;
  now?: () => Date;
  createId?: () => string;
}

/** How a run service takes part in a cluster (`deepresearch serve --role` on Postgres). */
export interface ClusterMembership {
  cluster: RunCluster;
  /** Whether this node executes runs (`--role worker` or `all`); API nodes only queue them. */
  executes: boolean;
  timing: WorkerTiming;
}

/**
 * The run service: starts runs in the background, at most `maxConcurrentRuns` at once (the rest
 * queue in order), stores each event before any listener sees it, cancels, resumes interrupted runs,
 * shuts down gracefully, and (as a `RunReader`) reads runs, their events, sources and metrics back.
 * It throws `RunServiceError`s and knows nothing of HTTP.
 */
export class RunManager extends RunReader {
  private readonly hub = new EventHub();
  private readonly queue: RunQueue;
  private readonly now: () => Date;
  private readonly createId: () => string;
  private readonly waiting: WaitingRuns;
  private readonly cluster: RunCluster | undefined;
  private worker: ClusterWorker | undefined;
  private stopRelay: (() => Promise<void>) | undefined;
  /** Cluster bookkeeping of ended runs (announcements, releases) still under way. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: RunManagerOptions) {
    const now = options.now ?? (() => new Date());
    super(options.store, now);
    this.now = now;
    this.createId = options.createId ?? randomUUID;
    this.cluster = options.cluster?.cluster;
    this.queue = new RunQueue({
      slots: options.maxConcurrentRuns,
      launch: (entry, settled) => this.launch(entry, settled),
      onEnded: (id, run) => this.ended(id, run),
    });
    this.waiting = new WaitingRuns({
      store: options.store,
      now,
      publish: (event) => this.hub.publish(event),
      waitMs: options.inputWaitMs ?? DEFAULT_INPUT_WAIT_SECONDS * 1000,
      logger: options.logger,
      requeue: (record) => this.requeue(record),
      ended: (id) => {
        this.hub.end(id);
        if (this.cluster) this.track(this.cluster.announceEnd(id));
      },
      logState: (id, status, fields) => this.logState(id, status, fields),
    });
  }

  /**
   * Joins the cluster (when there is one): hears the other nodes' events, ends and cancel requests,
   * keeps the waits of every run waiting for input (whichever node it paused on), and, on a node
   * that executes runs, starts taking queued runs and beating.
   */
  async join(): Promise<void> {
    const membership = this.options.cluster;
    if (!membership) return;
    await this.waiting.sweep();
    this.waiting.startSweeping();
    this.stopRelay = await relayClusterEvents({
      cluster: membership.cluster,
      store: this.options.store,
      hub: this.hub,
      onCancel: (id) => this.stopLocal(id, 'cancel'),
      onQueued: () => this.worker?.poke(),
    });
    if (!membership.executes) return;
    this.worker = new ClusterWorker({
      cluster: membership.cluster,
      store: this.options.store,
      queue: this.queue,
      slots: this.options.maxConcurrentRuns,
      timing: membership.timing,
      connection: this.options.connection ?? {},
      logger: this.options.logger,
      endCancelled: async (id) => {
        await this.endCancelled(id, 'claimed');
      },
      stop: (id, cause) => this.stopLocal(id, cause),
    });
    await this.worker.start();
  }

  /**
   * Marks runs cut off by a crash `interrupted` and rebuilds their figures from their events; runs
   * waiting for input stay `needs_input`, their wait counted from when they asked.
   */
  async recover(): Promise<string[]> {
    const ids = await this.options.store.markInterrupted();
    for (const id of ids) {
      const { metrics, usage } = foldRunEvents(await this.options.store.listEvents(id));
      await this.options.store.updateRun(id, { metrics, usage });
      this.logState(id, 'interrupted', { reason: 'found queued or running at start-up' });
    }
    await this.waiting.sweep();
    return ids;
  }

  /** A run as `GET /api/runs/:id` shows it; while it waits for input, what it waits for and until when. */
  override async detail(id: string, access: RunAccess): Promise<RunDetail> {
    const detail = await super.detail(id, access);
    if (detail.status !== 'needs_input') return detail;
    const { pending } = inputState(await this.options.store.listEvents(id));
    if (!pending) return detail;
    return {
      ...detail,
      input: pending.request,
      inputDeadline: this.waiting.deadline(pending.askedAt).toISOString(),
    };
  }

  /**
   * Answers a run waiting for input (`needs_input`): checks `body` against its request (an
   * `InputError` names the field at fault), stores it as the run's `input-answer` and queues the run
   * to continue from its events. `input_already_given` when the input was given before,
   * `not_waiting` when the run waits for nothing.
   */
  async answer(id: string, body: unknown, access: RunAccess): Promise<RunRecord> {
    this.assertAccepting();
    return this.waiting.answer(await this.get(id, access), body);
  }

  /** Puts a run stored `queued` again in line: any worker of the cluster, or this process's queue. */
  private async requeue(record: RunRecord): Promise<void> {
    if (this.cluster) {
      await this.cluster.enqueue(record.id);
      return;
    }
    const options = withCurrentConnection(record.options, this.options.connection ?? {});
    this.queue.add({ id: record.id, options, resume: true, memoryScope: resumedMemoryScope(record) });
  }

  /**
   * Stores a new run as `queued` (belonging to `owner`, if given) and starts it when a slot is free.
   * It draws on its owner's memories, or on everyone's when `seesAll` (its maker sees every run: an
   * admin, or a server without auth); a `followUpOf` run it may not use is `memory_not_found`.
   */
  async start(input: {
    question: string;
    options: ResearchConfig;
    owner?: string;
    seesAll?: boolean;
  }): Promise<RunRecord> {
    this.assertAccepting();
    const memoryScope: MemoryScope = {
      all: input.seesAll ?? input.owner === undefined,
      ...(input.owner !== undefined ? { owner: input.owner } : {}),
    };
    if (input.options.memory && input.options.followUpOf !== undefined) {
      await followedMemory(this.options.store, memoryScope, input.options.followUpOf);
    }
    const id = this.createId();
    const record = await this.options.store.createRun({
      id,
      question: input.question,
      options: safeOptions(input.options),
      createdAt: this.now().toISOString(),
      ...(input.owner !== undefined ? { owner: input.owner } : {}),
    });
    this.logState(id, 'queued');
    if (this.cluster) await this.cluster.enqueue(id);
    else this.queue.add({ id, options: input.options, resume: false, memoryScope });
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
    await this.requeue(updated);
    return updated;
  }

  /**
   * Cancels a queued or waiting run at once, or asks a running one to stop (it ends `cancelled`).
   */
  async cancel(id: string, access: RunAccess): Promise<RunRecord> {
    const record = await this.get(id, access);
    if (record.status === 'needs_input' && !this.waiting.isSettling(id)) {
      return (await this.waiting.end(id, 'cancelled')) ?? record;
    }
    if (this.cluster) return this.cancelInCluster(this.cluster, record);
    if (this.queue.take(id)) {
      const updated = await this.options.store.updateRun(id, {
        status: 'cancelled',
        endedAt: this.now().toISOString(),
      });
      this.logState(id, 'cancelled', { while: 'queued' });
      this.hub.end(id);
      return updated;
    }
    const active = this.queue.running(id);
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
    if (this.cluster) {
      // The run may execute on another node: cancelled there, it is deleted once it has ended.
      if (await this.isLive(id)) {
        await this.cancel(id, access).catch((error: unknown) => {
          if (!(error instanceof RunServiceError && error.code === 'run_ended')) throw error;
        });
        await this.waitForEnd(id);
      }
      await this.options.store.deleteRun(id);
      return;
    }
    if (this.queue.isWaiting(id)) await this.cancel(id, access);
    const active = this.queue.running(id);
    if (active) {
      await this.cancel(id, access);
      await active.finished;
    }
    await this.options.store.deleteRun(id);
  }

  /** Listens to a run's stored events as they are written; the returned function stops. */
  subscribe(runId: string, listener: RunListener): () => void {
    return this.hub.subscribe(runId, listener);
  }

  /** Whether the run is queued or running: in this process, or (in a cluster) on any node. */
  async isLive(id: string): Promise<boolean> {
    if (this.queue.running(id) !== undefined || this.queue.isWaiting(id)) return true;
    if (!this.cluster) return false;
    const status = (await this.options.store.getRun(id))?.status;
    return status === 'queued' || status === 'running';
  }

  async liveCounts(): Promise<{ running: number; queued: number }> {
    return this.cluster ? this.cluster.counts() : this.counts();
  }

  /** A run executing on another node: its figures so far, folded from its stored events. */
  protected override async runningFigures(record: RunRecord): Promise<RunFigures | undefined> {
    const local = this.liveFigures(record.id);
    if (local || !this.cluster || record.status !== 'running') return local;
    return foldRunEvents(await this.options.store.listEvents(record.id));
  }

  /** Usage and metrics of a running run so far. */
  liveFigures(id: string): RunFigures | undefined {
    return this.queue.running(id)?.figures;
  }

  counts(): { running: number; queued: number } {
    return this.queue.counts();
  }

  /**
   * Stops accepting runs, lets running ones finish for `graceMs`, then cancels them; runs cut off
   * this way and queued ones are left `interrupted`, ready to resume after a restart.
   */
  async shutdown(options: { graceMs: number }): Promise<void> {
    // Waiting runs stay `needs_input` in the store; the next start (or another node) arms their waits.
    this.waiting.stop();
    await this.worker?.stop();
    for (const entry of this.queue.close()) {
      if (this.cluster) {
        // Back to the cluster's queue: another worker takes it.
        await this.cluster.release(entry.id);
      } else {
        await this.options.store.updateRun(entry.id, { status: 'interrupted' });
        this.logState(entry.id, 'interrupted', { reason: 'shutdown while queued' });
      }
      this.hub.end(entry.id);
    }
    const all = () => Promise.all(this.queue.allRunning().map((run) => run.finished));
    if (!(await finishesWithin(all(), options.graceMs))) {
      for (const run of this.queue.allRunning()) {
        run.stopCause = 'shutdown';
        run.controller.abort(new Error('The server is shutting down.'));
      }
      await finishesWithin(all(), options.graceMs);
    }
    await Promise.all(this.pending);
    await this.stopRelay?.();
  }

  /** A run has left its slot here: its listeners are told; in a cluster, the other nodes too. */
  private ended(id: string, run: ActiveRun): void {
    this.worker?.poke();
    // Another worker continues the run: followers here keep following it there.
    if (run.stopCause === 'lost') return;
    this.hub.end(id);
    const cluster = this.cluster;
    if (!cluster) return;
    // A run cut off by shutdown goes back to the queue (another worker resumes it), else it has ended.
    const work = run.stopCause === 'shutdown' ? cluster.release(id) : cluster.announceEnd(id);
    this.track(work);
  }

  /** Stops a run of this process: cancelled by a client, or taken over by another worker. */
  private stopLocal(id: string, cause: 'cancel' | 'lost'): void {
    if (this.queue.take(id)) {
      if (cause === 'cancel') this.track(this.endCancelled(id, 'queued'));
      return;
    }
    const active = this.queue.running(id);
    if (!active) return;
    active.stopCause ??= cause;
    active.controller.abort(
      new Error(cause === 'cancel' ? 'Cancelled by the user.' : 'Another worker has taken the run over.'),
    );
  }

  /** Cancels a run wherever it is: at once when no worker holds it yet, else by asking its worker. */
  private async cancelInCluster(cluster: RunCluster, record: RunRecord): Promise<RunRecord> {
    if (await cluster.cancelQueued(record.id)) return this.endCancelled(record.id, 'queued');
    const current = await this.options.store.getRun(record.id);
    if (current?.status !== 'queued' && current?.status !== 'running') {
      throw new RunServiceError('run_ended', `Run "${record.id}" has already ended (${current?.status}).`, {
        runId: record.id,
      });
    }
    await cluster.requestCancel(record.id);
    return current;
  }

  /** Stores a run that never started as cancelled and tells every listener it has ended. */
  private async endCancelled(id: string, stage: 'queued' | 'claimed'): Promise<RunRecord> {
    const updated = await this.options.store.updateRun(id, {
      status: 'cancelled',
      endedAt: this.now().toISOString(),
    });
    this.logState(id, 'cancelled', { while: stage });
    this.hub.end(id);
    await this.cluster?.announceEnd(id);
    return updated;
  }

  private track(work: Promise<unknown>, failure = 'cluster bookkeeping failed'): void {
    const tracked = work.then(
      () => undefined,
      (error: unknown) => {
        this.options.logger.log('error', failure, { error: describeError(error) });
      },
    );
    this.pending.add(tracked);
    void tracked.then(() => this.pending.delete(tracked));
  }

  private assertAccepting(): void {
    if (!this.queue.isOpen) throw new RunServiceError('shutting_down', 'The server is shutting down.');
  }

  /** Starts executing a run from the queue; `settled` frees its slot once it has ended. */
  private launch(entry: QueuedRun, settled: () => void) {
    return launchRun({
      id: entry.id,
      options: entry.options,
      resume: entry.resume,
      memoryScope: entry.memoryScope,
      store: this.options.store,
      runner: this.options.runner,
      logger: this.options.logger,
      now: this.now,
      publish: (event) => this.hub.publish(event),
      logState: (status, fields) => this.logState(entry.id, status, fields),
      secrets: this.options.secrets ?? [],
      ...(this.options.capabilities ? { capabilities: this.options.capabilities } : {}),
      onPaused: () => this.track(this.paused(entry.id), 'arming the wait for input failed'),
      ...(this.cluster ? { fence: { holder: this.cluster.nodeId } } : {}),
      onSettled: settled,
    });
  }

  /**
   * A run paused here for input: its wait starts; in a cluster this node stops holding it, so that
   * any worker may continue it once answered (queued again if it was answered meanwhile).
   */
  private async paused(id: string): Promise<void> {
    await this.waiting.paused(id);
    await this.cluster?.letGo(id);
  }

  private logState(runId: string, status: RunStatus, fields: Record<string, unknown> = {}): void {
    this.options.logger.log('info', 'run state', { runId, status, ...fields });
  }
}
