import type { MemoryUse, RememberedFinding } from '../../contract/index.js';

/** Where a prior claim comes from: a remembered run, or an earlier answer of the conversation. */
export type PriorOrigin =
  | {
      kind: 'run';
      /** The run it was found in. */
      runId: string;
      /** Whole days since that run ended. */
      ageDays: number;
    }
  | {
      kind: 'turn';
      /** Which earlier answer of the conversation cited it, 1 the oldest given. */
      turn: number;
    };

/** A claim of an earlier run or answer offered to this one: never evidence until its source is read again. */
export interface PriorFinding extends RememberedFinding {
  origin: PriorOrigin;
  /**
   * The sentences of its answer before the claim, for an earlier answer's claim: the names they
   * hold are known to the claim, as in the answer's own check (`SupportCheckOptions.context`).
   */
  context?: string[];
}

/** An earlier answer of the conversation, as the planner is shown it. */
export interface PriorAnswer {
  turn: number;
  /** Its text without links, markers or reference lists, cut to a prompt's share. */
  text: string;
}

/**
 * What the run knows from before it started: which remembered runs it drew on, the earlier answers
 * of its conversation, and their claims it may check. None of it is evidence.
 */
export interface MemoryRecord {
  uses: MemoryUse[];
  /** Earlier answers of the conversation (`priorTurns`), oldest first. */
  answers: PriorAnswer[];
  /** Claims with their sources: the conversation's first, then the most similar runs'. */
  findings: PriorFinding[];
}

/** A run that remembers nothing (memory off, or no similar run, and no earlier answer). */
export function createMemoryRecord(): MemoryRecord {
  return { uses: [], answers: [], findings: [] };
}

/** Who said a prior claim, in a few words for the trace: "earlier answer 2", "run 1a2b3c4d…". */
export function originLabel(origin: PriorOrigin): string {
  return origin.kind === 'turn' ? `earlier answer ${origin.turn}` : `run ${origin.runId.slice(0, 8)}…`;
}
