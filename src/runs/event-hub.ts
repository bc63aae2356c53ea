import type { ResearchEvent } from '../contract/index.js';

/** Receives a run's stored events as they are written, then the end of the run. */
export interface RunListener {
  onEvent(event: ResearchEvent): void;
  onEnd(): void;
}

/** Fans each run's events out to its live listeners. */
export class EventHub {
  private readonly listeners = new Map<string, Set<RunListener>>();

  /** Starts listening; the returned function stops. */
  subscribe(runId: string, listener: RunListener): () => void {
    let set = this.listeners.get(runId);
    if (!set) {
      set = new Set();
      this.listeners.set(runId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(runId) === set) this.listeners.delete(runId);
    };
  }

  publish(event: ResearchEvent): void {
    for (const listener of this.listeners.get(event.runId) ?? []) listener.onEvent(event);
  }

  /** Tells every listener the run has ended (its final state is stored). */
  end(runId: string): void {
    for (const listener of [...(this.listeners.get(runId) ?? [])]) listener.onEnd();
  }

  /** Runs someone listens to. */
  followedRuns(): string[] {
    return [...this.listeners.keys()];
  }

  listenerCount(runId: string): number {
    return this.listeners.get(runId)?.size ?? 0;
  }
}
