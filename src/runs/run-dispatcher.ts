import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { describeError } from '../errors.js';
import type { ClaimedRun, RunCluster, RunStore } from '../store/index.js';
import { type ConnectionOptions, withCurrentConnection } from './connection-options.js';
import type { Logger } from './logger.js';
import type { RunJob } from './run-executor.js';
import { memoryScopeOf } from './run-memory.js';
import type { RunSlots } from './run-slots.js';

/** Timing of a worker node; `heartbeatMs` is also how often it looks for orphaned runs. */
export interface WorkerTiming {
  heartbeatMs: number;
  pollIntervalMs: number;
}

/**
 * A worker's loop, the same on a single server and on each worker of a Postgres cluster: takes
 * queued runs from the cluster while it has free slots, rebuilds each one's options from the store
 * and the operator's current connection options (a secret never rides in the queue) and launches
 * it; on every heartbeat says it is alive, stops runs a client cancelled or another node took
 * back, and gives runs of dead workers back to the queue.
 */
export class RunDispatcher {
  private open = true;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: {
      cluster: RunCluster;
      store: RunStore;
      slots: RunSlots;
      /** Runs of one owner held at once over every worker (absent: no cap beyond the slots). */
      maxRunningPerOwner?: number;
      timing: WorkerTiming;
      /** The operator's connection options, as they are now. */
      connection: ConnectionOptions;
      logger: Logger;
      /** Executes a run this node now holds. */
      launch: (job: RunJob) => void;
      /** Ends a run that a client cancelled before it started. */
      endCancelled: (runId: string) => Promise<void>;
      /** Stops a run this node executes: cancelled by a client, or taken back by the cluster. */
      stop: (runId: string, cause: 'cancel' | 'lost') => void;
    },
  ) {}

  /** Says it is alive once, then starts taking runs and beating (neither keeps the process alive). */
  async start(): Promise<void> {
    await this.beat();
    this.loop = this.takeLoop();
    this.timer = setInterval(() => {
      this.beat().catch((error) => this.fault('heartbeat failed', error));
    }, this.options.timing.heartbeatMs);
    this.timer.unref?.();
  }

  /** A slot was freed or a run was queued: look for work now. */
  poke(): void {
    this.wake?.();
  }

  /** Takes no more runs; resolves once the loop has stopped. */
  async stop(): Promise<void> {
    this.open = false;
    clearInterval(this.timer);
    this.poke();
    await this.loop;
  }

  private async takeLoop(): Promise<void> {
    // Whether this pass follows one that launched runs without waiting: then every run of the
    // pass waits its turn; after a wait, the first run starts at once.
    let continuing = false;
    while (this.open) {
      let taken = 0;
      try {
        taken = await this.takeSome({ firstAtOnce: !continuing });
      } catch (error) {
        this.fault('taking runs failed', error);
      }
      continuing = taken > 0 && this.options.slots.free() > 0;
      if (continuing) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.timing.pollIntervalMs);
        timer.unref?.();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private async takeSome(options: { firstAtOnce: boolean }): Promise<number> {
    const free = this.options.slots.free();
    if (free <= 0 || !this.open) return 0;
    const claimed = await this.options.cluster.take({
      limit: free,
      maxRunningPerOwner: this.options.maxRunningPerOwner,
    });
    for (const [index, run] of claimed.entries()) {
      // One run launched a turn of the event loop: a burst of starts (a hundred runs queued at
      // once) would otherwise hold the thread that serves HTTP for as long as they all take,
      // and every event and SSE write of the runs already going would wait behind it. The first
      // run after a wait starts at once, so a run started alone is running when its POST is answered.
      if (index > 0 || !options.firstAtOnce) await yieldToEventLoop();
      await this.dispatch(run);
    }
    return claimed.length;
  }

  private async dispatch(claimed: ClaimedRun): Promise<void> {
    const { cluster, store } = this.options;
    if (claimed.cancelRequested) {
      await this.options.endCancelled(claimed.runId);
      return;
    }
    const record = await store.getRun(claimed.runId);
    // Deleted since it was queued: nothing to execute, nothing to hold.
    if (!record) {
      await cluster.announceEnd(claimed.runId);
      return;
    }
    this.options.launch({
      id: record.id,
      options: withCurrentConnection(record.options, this.options.connection),
      resume: claimed.eventCount > 0,
      memoryScope: memoryScopeOf(record),
      claim: claimed.claim,
    });
  }

  private async beat(): Promise<void> {
    const { cluster, slots } = this.options;
    const mine = slots.ids();
    await cluster.heartbeat({ slots: slots.count + slots.free(), running: mine.length });
    const held = new Set(await cluster.held(mine));
    for (const id of mine) if (!held.has(id)) this.options.stop(id, 'lost');
    for (const id of await cluster.cancelRequested(mine)) this.options.stop(id, 'cancel');
    const orphans = await cluster.reclaimOrphans();
    if (orphans.length > 0) {
      this.options.logger.log('warn', 'runs of a silent worker queued again', { runIds: orphans });
      this.poke();
    }
  }

  private fault(message: string, error: unknown): void {
    this.options.logger.log('error', message, {
      node: this.options.cluster.nodeId,
      error: describeError(error),
    });
  }
}
