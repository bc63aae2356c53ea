import type { ResearchConfig } from '../config/index.js';
import type { ActiveRun } from './active-run.js';
import type { MemoryScope } from './run-memory.js';

/** A run waiting for a slot: its options, whether it continues from its stored events, whose memories it may use. */
export interface QueuedRun {
  id: string;
  options: ResearchConfig;
  resume: boolean;
  memoryScope: MemoryScope;
}

/**
 * The runs of this process: waiting in order for one of `slots` execution slots, or executing.
 * A run added starts as soon as a slot is free, until the queue is closed. (A worker node of a
 * cluster fills it from the cluster's queue, never past its slots; see `ClusterWorker`.)
 */
export class RunQueue {
  private readonly waiting: QueuedRun[] = [];
  private readonly executing = new Map<string, ActiveRun>();
  private open = true;

  constructor(
    private readonly options: {
      slots: number;
      /** Starts executing a run in the background; it calls `settled` once it has ended. */
      launch: (entry: QueuedRun, settled: () => void) => ActiveRun;
      /** Told when an executing run has left its slot, before the next run starts. */
      onEnded: (id: string, run: ActiveRun) => void;
    },
  ) {}

  /** Whether runs are still taken (false once closed). */
  get isOpen(): boolean {
    return this.open;
  }

  add(entry: QueuedRun): void {
    this.waiting.push(entry);
    this.pump();
  }

  /** Takes a waiting run out of the queue; false when it is not waiting. */
  take(id: string): boolean {
    const position = this.waiting.findIndex((entry) => entry.id === id);
    if (position >= 0) this.waiting.splice(position, 1);
    return position >= 0;
  }

  isWaiting(id: string): boolean {
    return this.waiting.some((entry) => entry.id === id);
  }

  /** The run if it is executing now. */
  running(id: string): ActiveRun | undefined {
    return this.executing.get(id);
  }

  /** Every run executing now. */
  allRunning(): ActiveRun[] {
    return [...this.executing.values()];
  }

  /** Ids of the runs executing or waiting here. */
  ids(): string[] {
    return [...this.executing.keys(), ...this.waiting.map((entry) => entry.id)];
  }

  counts(): { running: number; queued: number } {
    return { running: this.executing.size, queued: this.waiting.length };
  }

  /** Starts no more runs; hands back the waiting ones, taken out of the queue. */
  close(): QueuedRun[] {
    this.open = false;
    return this.waiting.splice(0);
  }

  private pump(): void {
    while (this.open && this.executing.size < this.options.slots) {
      const next = this.waiting.shift();
      if (!next) return;
      const run = this.options.launch(next, () => {
        this.executing.delete(next.id);
        this.options.onEnded(next.id, run);
        this.pump();
      });
      // Before the run's first event: its first step is an await on the store.
      this.executing.set(next.id, run);
    }
  }
}
