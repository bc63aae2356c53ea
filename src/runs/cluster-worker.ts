import { describeError } from '../errors.js';
import type { RunCluster, RunStore } from '../store/index.js';
import { type ConnectionOptions, withCurrentConnection } from './connection-options.js';
import type { Logger } from './logger.js';
import { resumedMemoryScope } from './run-memory.js';
import type { RunQueue } from './run-queue.js';

/** Timing of a worker node; `heartbeatMs` is also how often it looks for orphaned runs. */
export interface WorkerTiming {
  heartbeatMs: number;
  pollIntervalMs: number;
}

/**
 * A worker node's loop: takes queued runs from the cluster while it has free slots, claims each and
 * puts it in the node's own run queue (resumed from its stored events when it has some), and on
 * every heartbeat says it is alive, stops runs a client cancelled or another node took back, and
 * gives runs of dead workers back to the queue.
 */
export class ClusterWorker {
  private open = true;
  private wake: (() => void) | undefined;
  private readonly loops: Promise<void>[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: {
      cluster: RunCluster;
      store: RunStore;
      queue: RunQueue;
      slots: number;
      timing: WorkerTiming;
      connection: ConnectionOptions;
      logger: Logger;
      /** Ends a claimed run that a client cancelled before it started. */
      endCancelled: (runId: string) => Promise<void>;
      /** Stops a run this node executes: cancelled by a client, or taken back by the cluster. */
      stop: (runId: string, cause: 'cancel' | 'lost') => void;
    },
  ) {}

  /** Says it is alive once, then starts taking runs and beating. */
  async start(): Promise<void> {
    await this.beat();
    this.loops.push(this.takeLoop());
    this.timer = setInterval(() => {
      this.beat().catch((error) => this.fault('heartbeat failed', error));
    }, this.options.timing.heartbeatMs);
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
    await Promise.all(this.loops);
  }

  private free(): number {
    const { running, queued } = this.options.queue.counts();
    return this.options.slots - running - queued;
  }

  private async takeLoop(): Promise<void> {
    while (this.open) {
      let taken = 0;
      try {
        taken = await this.takeSome();
      } catch (error) {
        this.fault('taking runs failed', error);
      }
      if (taken > 0 && this.free() > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.timing.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private async takeSome(): Promise<number> {
    const { cluster, store, queue } = this.options;
    const free = this.free();
    if (free <= 0 || !queue.isOpen) return 0;
    const jobs = await cluster.take(free);
    for (const job of jobs) {
      const claim = await cluster.claim(job.runId);
      if (!claim.claimed) continue;
      if (claim.cancelRequested) {
        await this.options.endCancelled(job.runId);
        continue;
      }
      const record = await store.getRun(job.runId);
      if (!record) continue;
      const options = withCurrentConnection(record.options, this.options.connection);
      queue.add({
        id: job.runId,
        options,
        resume: claim.eventCount > 0,
        memoryScope: resumedMemoryScope(record),
      });
    }
    // Forgotten by the queue only once claimed: a worker that dies before lets the job expire.
    await cluster.done(jobs);
    return jobs.length;
  }

  private async beat(): Promise<void> {
    const { cluster, queue } = this.options;
    const mine = queue.ids();
    await cluster.heartbeat({ slots: this.options.slots, running: mine.length });
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
