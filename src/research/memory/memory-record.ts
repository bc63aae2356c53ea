import type { MemoryUse, RememberedFinding } from '../../contract/index.js';

/** A finding of an earlier run offered to this one: never evidence until its source is read again. */
export interface PriorFinding extends RememberedFinding {
  /** The run it was found in. */
  runId: string;
  /** Whole days since that run ended. */
  ageDays: number;
}

/** What the run remembers of earlier runs: which runs it drew on, and their findings it may use. */
export interface MemoryRecord {
  uses: MemoryUse[];
  /** Findings within the question's time window, the most similar runs' first. */
  findings: PriorFinding[];
}

/** A run that remembers nothing (memory off, or no similar run). */
export function createMemoryRecord(): MemoryRecord {
  return { uses: [], findings: [] };
}
