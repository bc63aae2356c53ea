import { randomUUID } from 'node:crypto';
import { DEFAULT_INPUT_WAIT_SECONDS } from '../config/index.js';
import type { RunDetail, RunFigures, VerifyReport } from '../contract/index.js';
import { foldRunEvents } from '../contract/index.js';
import { createInProcessCluster, type RunRecord } from '../store/index.js';
import type { RunAccess } from './access.js';
import { relayClusterEvents } from './cluster-relay.js';
import type { ConnectionOptions } from './connection-options.js';
import { IN_PROCESS_TIMING } from './constants.js';
import { createEventBatcher } from './event-batcher.js';
import { EventHub, type RunListener } from './event-hub.js';
import { Bookkeeping, logState, type RunContext } from './run-context.js';
import { RunControl } from './run-control.js';
import { RunDispatch, type StartRequest } from './run-dispatch.js';
import { type ExecutorOptions, inThreadExecutor, threadPoolExecutor } from './run-executor.js';
import type { RunManagerOptions } from './run-manager-options.js';
import { RunReader } from './run-reader.js';
import { verifyStoredRun } from './verify-run.js';

/** Research in the given threads, else in this one. */
function executorOf(options: RunManagerOptions, executor: ExecutorOptions) {
  const threads = options.researchThreads;
  return threads ? threadPoolExecutor({ ...executor, threads }) : inThreadExecutor(executor);
}

/**
 * The run service, one path for every run whatever the size: a single server is a cluster of one.
 * A thin façade over its parts: dispatch (start, queue, execute), control (cancel, resume, input
 * waits, remove) and reading (`RunReader`). Every event is stored before any listener sees it; it
 * throws `RunServiceError`s and knows nothing of HTTP.
 */
export class RunManager extends RunReader {
  private readonly context: RunContext;
  private readonly dispatch: RunDispatch;
  private readonly control: RunControl;
  private readonly connection: ConnectionOptions;
  private joined: Promise<void> | undefined;
  private readonly researchThreads: RunManagerOptions['researchThreads'];

  constructor(options: RunManagerOptions) {
    const now = options.now ?? (() => new Date());
    super(options.store, now);
    const membership = options.cluster ?? {
      cluster: createInProcessCluster({ store: options.store }),
      executes: true,
      timing: IN_PROCESS_TIMING,
    };
    const context: RunContext = {
      store: options.store,
      cluster: membership.cluster,
      hub: new EventHub(),
      logger: options.logger,
      now,
      bookkeeping: new Bookkeeping(options.logger),
    };
    this.context = context;
    this.researchThreads = options.researchThreads;
    this.connection = options.connection ?? {};
    this.dispatch = new RunDispatch(context, {
      slots: options.maxConcurrentRuns,
      executes: membership.executes,
      timing: membership.timing,
      connection: options.connection ?? {},
      maxRunningPerOwner: options.maxRunningPerOwner,
      maxQueuedPerOwner: options.maxQueuedPerOwner,
      createId: options.createId ?? randomUUID,
      executor: executorOf(options, {
        store: options.store,
        events: createEventBatcher(options.store),
        runner: options.runner,
        logger: options.logger,
        now,
        publish: (event) => context.hub.publish(event),
        logState: (id, status, fields) => logState(context, id, status, fields),
        secrets: options.secrets ?? [],
        capabilities: options.capabilities,
        onPaused: (id) => context.bookkeeping.track(this.paused(id), 'arming the wait for input failed'),
        fence: { holder: membership.cluster.nodeId },
      }),
    });
    this.control = new RunControl(context, {
      dispatch: this.dispatch,
      inputWaitMs: options.inputWaitMs ?? DEFAULT_INPUT_WAIT_SECONDS * 1000,
      isLive: (id) => this.isLive(id),
      waitForEnd: (id) => this.waitForEnd(id),
    });
  }

  /**
   * Resolves once runs can execute: at once when research runs in this thread, else once a research
   * thread has loaded the engine; rejects with `ResearchThreadError` `thread_start_failed` (saying
   * why) when it could not.
   */
  executorReady(): Promise<void> {
    return this.researchThreads?.ready() ?? Promise.resolve();
  }

  /**
   * Joins the cluster (once; starting a run joins too): hears the nodes' events, ends and cancel
   * requests, keeps the waits of every run waiting for input (whichever node it paused on), and, on
   * a node that executes runs, starts taking queued runs.
   */
  join(): Promise<void> {
    this.joined ??= this.joinOnce();
    return this.joined;
  }

  /**
   * At start-up: marks the runs no node can continue (on a single server, those a crash cut off)
   * `interrupted`, their figures rebuilt from their events; runs waiting for input stay
   * `needs_input`, their wait counted from when they asked.
   */
  async recover(): Promise<string[]> {
    const { store } = this.context;
    const ids = await this.context.cluster.recover();
    for (const id of ids) {
      const { metrics, usage } = foldRunEvents(await store.listEvents(id));
      await store.updateRun(id, { metrics, usage });
      logState(this.context, id, 'interrupted', { reason: 'found queued or running at start-up' });
    }
    await this.control.waiting.sweep();
    return ids;
  }

  /** A run as `GET /api/runs/:id` shows it; while it waits for input, what it waits for and until when. */
  override async detail(id: string, access: RunAccess): Promise<RunDetail> {
    return this.control.withInput(await super.detail(id, access));
  }

  /**
   * Stores a new run as `queued` (belonging to `owner`, if given) and hands it to the workers. It
   * draws on its owner's memories, or on everyone's when `seesAll` (its maker sees every run: an
   * admin, or a server without auth); a `followUpOf` run it may not use is `memory_not_found`.
   */
  async start(request: StartRequest): Promise<RunRecord> {
    this.dispatch.assertAccepting();
    await this.join();
    return this.dispatch.start(request);
  }

  /**
   * Answers a run waiting for input (`needs_input`): checks `body` against its request (an
   * `InputError` names the field at fault), stores it as the run's `input-answer` and queues the run
   * to continue from its events. `input_already_given` when the input was given before,
   * `not_waiting` when the run waits for nothing.
   */
  async answer(id: string, body: unknown, access: RunAccess): Promise<RunRecord> {
    this.dispatch.assertAccepting();
    await this.join();
    return this.control.answer(await this.get(id, access), body);
  }

  /** Queues an interrupted run again; it continues from the knowledge in its stored events. */
  async resume(id: string, access: RunAccess): Promise<RunRecord> {
    this.dispatch.assertAccepting();
    await this.join();
    return this.control.resume(await this.get(id, access));
  }

  /** Cancels a queued or waiting run at once, or asks a running one to stop (it ends `cancelled`). */
  async cancel(id: string, access: RunAccess): Promise<RunRecord> {
    return this.control.cancel(await this.get(id, access));
  }

  /** Removes a run and its events, cancelling it first if it is still going. */
  /**
   * Re-checks the run's cited quotes against its archive and, with `live`, the pages as they are now
   * (the operator's allowed hosts only); keeps the report as the run's last check.
   */
  async verify(id: string, live: boolean, access: RunAccess): Promise<VerifyReport> {
    const record = await this.get(id, access);
    return verifyStoredRun({ store: this.store, record, live, allowHosts: this.connection.allowHosts ?? [] });
  }

  async remove(id: string, access: RunAccess): Promise<void> {
    await this.control.remove(await this.get(id, access));
  }

  /** Listens to a run's stored events as they are written; the returned function stops. */
  subscribe(runId: string, listener: RunListener): () => void {
    return this.context.hub.subscribe(runId, listener);
  }

  /** Whether the run is queued or running, here or on any node. */
  async isLive(id: string): Promise<boolean> {
    if (this.dispatch.isExecuting(id)) return true;
    const status = (await this.context.store.getRun(id))?.status;
    return status === 'queued' || status === 'running';
  }

  async liveCounts(): Promise<{ running: number; queued: number }> {
    return this.context.cluster.counts();
  }

  /** A run executing on another node: its figures so far, folded from its stored events. */
  protected override async runningFigures(record: RunRecord): Promise<RunFigures | undefined> {
    const local = this.liveFigures(record.id);
    if (local || record.status !== 'running') return local;
    return foldRunEvents(await this.context.store.listEvents(record.id));
  }

  /** Usage and metrics of a run executing here, so far. */
  liveFigures(id: string): RunFigures | undefined {
    return this.dispatch.liveFigures(id);
  }

  /** Runs executing on this node now. */
  executing(): number {
    return this.dispatch.executing();
  }

  /**
   * Stops accepting runs, lets running ones finish for `graceMs`, then cancels them; runs cut off
   * this way go back to the queue (another worker resumes them; on a single server they and the
   * queued ones are left `interrupted`, ready to resume after a restart). Then leaves the cluster.
   */
  async shutdown(options: { graceMs: number }): Promise<void> {
    // Waiting runs stay `needs_input` in the store; the next start (or another node) arms their waits.
    this.control.waiting.stop();
    await this.dispatch.shutdown(options.graceMs);
    await this.context.bookkeeping.settled();
    await this.context.cluster.close();
  }

  private async joinOnce(): Promise<void> {
    const { cluster, store, hub } = this.context;
    await this.control.waiting.sweep();
    this.control.waiting.startSweeping();
    await relayClusterEvents({
      cluster,
      store,
      hub,
      onCancel: (id) => this.dispatch.stop(id, 'cancel'),
      onQueued: () => this.dispatch.poke(),
    });
    await this.dispatch.startExecuting();
  }

  /**
   * A run paused here for input: its wait starts, and this node stops holding it, so that any
   * worker may continue it once answered (queued again if it was answered meanwhile).
   */
  private async paused(id: string): Promise<void> {
    await this.control.waiting.paused(id);
    await this.context.cluster.letGo(id);
  }
}
