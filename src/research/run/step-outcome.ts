import type { StopReason } from '../../contract/index.js';

/** What a step did, for the loop to apply: its counters, the note for the next prompt, an ending. */
export interface StepOutcome {
  /** The step made no progress because of a fault (model error, invalid output, all tools failed). */
  failed?: boolean;
  /** The step only repeated an earlier query, URL or answer. */
  repeated?: boolean;
  /** The step searched or read (a web or corpus tool ran). */
  researched?: boolean;
  /** What the planner is told about this step in its next prompt: what went wrong, what to do next. */
  note?: string;
  /** The run may finish: an answer was accepted. */
  accepted?: 'evaluation_passed' | 'direct_answer';
  /** The run must stop now for this reason, though no answer was accepted. */
  stop?: StopReason;
  /** Why, in a sentence for people, when `stop` needs more than its reason (which check failed). */
  stopDetail?: string;
}
