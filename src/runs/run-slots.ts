import type { ActiveRun } from './active-run.js';

/** The runs this node executes now, at most `size` at once; closed at shutdown. */
export class RunSlots {
  private readonly executing = new Map<string, ActiveRun>();
  private open = true;

  constructor(private readonly size: number) {}

  /** Whether runs are still started here (false once closed). */
  get isOpen(): boolean {
    return this.open;
  }

  /** Slots a run may start in now. */
  free(): number {
    return this.open ? this.size - this.executing.size : 0;
  }

  add(id: string, run: ActiveRun): void {
    this.executing.set(id, run);
  }

  /** Frees the run's slot, if `run` still holds it (not a later copy of the same run). */
  remove(id: string, run: ActiveRun): void {
    if (this.executing.get(id) === run) this.executing.delete(id);
  }

  /** The run if it executes here now. */
  running(id: string): ActiveRun | undefined {
    return this.executing.get(id);
  }

  /** Every run executing here now. */
  all(): ActiveRun[] {
    return [...this.executing.values()];
  }

  /** Ids of the runs executing here. */
  ids(): string[] {
    return [...this.executing.keys()];
  }

  get count(): number {
    return this.executing.size;
  }

  /** Starts no more runs. */
  close(): void {
    this.open = false;
  }
}
