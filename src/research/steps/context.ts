import type { ResearchEvent, ResearchEventPayload } from '../../contract/index.js';
import type { Llm } from '../../llm/index.js';
import type { Reader } from '../../reader/index.js';
import type { SearchProvider } from '../../search/index.js';
import type { RunState } from '../run-state.js';
import type { ResearchCorpus } from '../sources/corpora.js';
import type { StopReason } from '../types.js';

/** deepRead as the reader module exports it: reads a page and the links matching a pattern. */
export type DeepReadFunction = (
  reader: Reader,
  options: {
    url: string;
    pattern?: string;
    depth?: number;
    limit?: number;
    concurrency?: number;
    signal?: AbortSignal;
  },
) => Promise<import('../../reader/index.js').Source[]>;

/** What every step gets: the run state, the capabilities and an emitter bound to the step. */
export interface StepContext {
  state: RunState;
  llm: Llm;
  /** Every search provider of the run behind one fan-out. */
  search: SearchProvider;
  reader: Reader;
  deepRead: DeepReadFunction;
  /** The run's local folders (none for a web-only run). */
  corpora?: readonly ResearchCorpus[];
  /** Emits an event of this step; returns undefined once the step was cut off. */
  emit: (payload: ResearchEventPayload) => ResearchEvent | undefined;
  /** Aborted when the run is cancelled or the step runs out of time. */
  signal: AbortSignal;
  /** Tokens this phase of the run may still spend (the loop: up to the reserve; the end: the budget). */
  tokensLeft: () => number;
}

/** How a step went, for the loop's counters. */
export interface StepOutcome {
  /** The step made no progress because of a fault (model error, invalid output, all tools failed). */
  failed?: boolean;
  /** The step only repeated an earlier query, URL or answer. */
  repeated?: boolean;
  /** The run may finish: an answer was accepted. */
  accepted?: 'evaluation_passed' | 'direct_answer';
  /** The run must stop now for this reason, though no answer was accepted. */
  stop?: StopReason;
  /** Why, in a sentence for people, when `stop` needs more than its reason (which check failed). */
  stopDetail?: string;
}
