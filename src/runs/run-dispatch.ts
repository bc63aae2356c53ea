import type { ResearchConfig } from '../config/index.js';
import type { RunFigures } from '../contract/index.js';
import type { RunRecord } from '../store/index.js';
import type { ActiveRun } from './active-run.js';
import type { ConnectionOptions } from './connection-options.js';
import { RunServiceError } from './errors.js';
import { OneAtATime } from './one-at-a-time.js';
import { safeOptions } from './redaction.js';
import { endUnstarted, logState, type RunContext } from './run-context.js';
import { RunDispatcher, type WorkerTiming } from './run-dispatcher.js';
import type { RunExecutor, RunJob } from './run-executor.js';
import { followedMemory } from './run-memory.js';
import { RunSlots } from './run-slots.js';
import { finishesWithin } from './settle.js';

/** How long shutdown waits at most, after stopping the runs past their grace, for them to store their stop. */
const ABORT_SETTLE_MS = 5_000;

/** How this node takes part in dispatching runs. */
export interface DispatchOptions {
  /** Runs this node executes at once. */
  slots: number;
  /** Whether this node executes runs (`--role worker` or `all`); API nodes only queue them. */
  executes: boolean;
  timing: WorkerTiming;
  /** The operator's connection options (key, base URL, hosts): every run executes with these. */
  connection: ConnectionOptions;
  executor: RunExecutor;
  /** Runs of one owner held at once over every worker (absent: no cap beyond the slots). */
  maxRunningPerOwner?: number;
  /** Runs of one owner waiting as `queued`; a start past it is `queue_full` (absent: no cap). */
  maxQueuedPerOwner?: number;
}

/** What a client asks to start. */
export interface StartRequest {
  question: string;
  options: ResearchConfig;
  /** Who the run belongs to (an id of their token); absent without auth. */
  owner?: string;
  /** Its maker sees every run (an admin, or a server without auth): it draws on every memory. */
  seesAll?: boolean;
}

/**
 * Dispatch, one path for every run: a new run is stored `queued` and its id handed to the cluster;
 * a worker (this node, or another) takes it, rebuilds its options from the store and the operator's
 * configuration, and executes it in one of its slots. Stops runs (cancelled, taken over, shutdown)
 * and says which run executes here.
 */
export class RunDispatch {
  private readonly slots: RunSlots;
  private readonly admissions = new OneAtATime();
  private dispatcher: RunDispatcher | undefined;
  private accepting = true;

  constructor(
    private readonly context: RunContext,
    private readonly options: DispatchOptions & { createId: () => string },
  ) {
    this.slots = new RunSlots(options.slots);
  }

  /** Refuses with `shutting_down` once shutdown has begun. */
  assertAccepting(): void {
    if (!this.accepting) throw new RunServiceError('shutting_down', 'The server is shutting down.');
  }

  /**
   * Stores a new run as `queued` and hands it to the cluster. It draws on its owner's memories, or
   * on everyone's when `seesAll`; a `followUpOf` run it may not use is `memory_not_found`.
   */
  async start(request: StartRequest): Promise<RunRecord> {
    this.assertAccepting();
    const seesAll = request.seesAll ?? request.owner === undefined;
    if (request.options.memory && request.options.followUpOf !== undefined) {
      const scope = { all: seesAll, owner: request.owner };
      await followedMemory(this.context.store, scope, request.options.followUpOf);
    }
    return this.admissions.run(request.owner ?? '', () => this.admit(request, seesAll));
  }

  /** Stores the run and hands it to the cluster, unless its owner's queue is full. */
  private async admit(request: StartRequest, seesAll: boolean): Promise<RunRecord> {
    const { store, cluster } = this.context;
    const limit = this.options.maxQueuedPerOwner;
    if (limit !== undefined) {
      const queued = await cluster.queuedOf(request.owner);
      if (queued >= limit) {
        throw new RunServiceError(
          'queue_full',
          `${request.owner ?? 'The owner of runs without auth'} has ${queued} runs queued, as many as allowed (${limit}).`,
          { limit },
        );
      }
    }
    const id = this.options.createId();
    const record = await store.createRun({
      id,
      question: request.question,
      options: safeOptions(request.options),
      createdAt: this.context.now().toISOString(),
      owner: request.owner,
      ...(seesAll && request.owner !== undefined ? { seesAll } : {}),
    });
    logState(this.context, id, 'queued');
    await cluster.enqueue(record);
    return record;
  }

  /** Puts a run stored `queued` again in line, for any worker. */
  async requeue(record: RunRecord): Promise<void> {
    await this.context.cluster.enqueue(record);
  }

  /** Starts taking runs from the cluster, on a node that executes them. */
  async startExecuting(): Promise<void> {
    if (!this.options.executes) return;
    this.dispatcher = new RunDispatcher({
      cluster: this.context.cluster,
      store: this.context.store,
      slots: this.slots,
      maxRunningPerOwner: this.options.maxRunningPerOwner,
      timing: this.options.timing,
      connection: this.options.connection,
      logger: this.context.logger,
      launch: (job) => this.launch(job),
      endCancelled: async (id) => {
        await endUnstarted(this.context, id, 'claimed');
      },
      stop: (id, cause) => this.stop(id, cause),
    });
    await this.dispatcher.start();
  }

  /** A run was queued somewhere: an idle worker here looks now. */
  poke(): void {
    this.dispatcher?.poke();
  }

  /** Stops a run executing here: cancelled by a client, or taken over by another worker. */
  stop(id: string, cause: 'cancel' | 'lost'): void {
    const active = this.slots.running(id);
    if (!active) return;
    active.stopCause ??= cause;
    active.controller.abort(
      new Error(cause === 'cancel' ? 'Cancelled by the user.' : 'Another worker has taken the run over.'),
    );
  }

  /** Whether the run executes here now. */
  isExecuting(id: string): boolean {
    return this.slots.running(id) !== undefined;
  }

  /** Usage and metrics so far of a run executing here. */
  liveFigures(id: string): RunFigures | undefined {
    return this.slots.running(id)?.figures;
  }

  /** Runs executing here now. */
  executing(): number {
    return this.slots.count;
  }

  /**
   * Takes no more runs; lets those executing here finish for `graceMs`, then stops them: each is
   * stored `interrupted` and given back to the cluster (to resume on another worker, or after a
   * restart).
   */
  async shutdown(graceMs: number): Promise<void> {
    this.accepting = false;
    await this.dispatcher?.stop();
    this.slots.close();
    const all = () => Promise.all(this.slots.all().map((run) => run.finished));
    if (!(await finishesWithin(all(), graceMs))) {
      for (const run of this.slots.all()) {
        // A run a client cancelled (or another node took) meanwhile stays so: it is not resumed.
        run.stopCause ??= 'shutdown';
        run.controller.abort(new Error('The server is shutting down.'));
      }
      // Aborted runs store themselves `interrupted` at their next await: give them time to, however
      // short the grace was (a busy machine took longer than a 30 ms grace, and shutdown returned
      // with the run still `running`).
      await finishesWithin(all(), Math.max(graceMs, ABORT_SETTLE_MS));
    }
    await this.options.executor.close();
  }

  private launch(job: RunJob): void {
    // Taken again while a copy still executes here: this node was presumed dead, the run went back
    // to the queue and came back to it. The old copy's claim is stale (its writes are refused); it
    // stops, and leaving its slot must not free the new copy's.
    this.stop(job.id, 'lost');
    const run = this.options.executor.launch(job, () => {
      this.slots.remove(job.id, run);
      this.ended(job.id, run);
    });
    // Before the run's first event: its first step is an await on the store.
    this.slots.add(job.id, run);
  }

  /** A run has left its slot here: its listeners are told, here and on the other nodes. */
  private ended(id: string, run: ActiveRun): void {
    this.dispatcher?.poke();
    // Another worker continues the run: followers here keep following it there.
    if (run.stopCause === 'lost') return;
    this.context.hub.end(id);
    const { cluster } = this.context;
    // A run cut off by shutdown goes back to the queue, else it has ended (or paused for input).
    const work = run.stopCause === 'shutdown' ? cluster.release(id) : cluster.announceEnd(id);
    this.context.bookkeeping.track(work);
  }
}
