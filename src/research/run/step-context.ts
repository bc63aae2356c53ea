import type { ComputeSandbox } from '../../compute/index.js';
import type { ResearchEvent, ResearchEventPayload } from '../../contract/index.js';
import type { Llm } from '../../llm/index.js';
import type { Reader, Source } from '../../reader/index.js';
import type { SearchProvider } from '../../search/index.js';
import type { ResearchCorpus } from '../sources/corpora.js';
import type { CallEstimate, CallShape } from '../token-limit.js';
import type { RunRecords } from './run-records.js';

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
) => Promise<Source[]>;

/** One step as the planner lived it: what it thought, what it did and what it saw. */
export interface DiaryEntry {
  step: number;
  thought: string;
  /** The action's kind (`search`, `read`…). */
  kind: string;
  /** The action's fields, in short. */
  action: string;
  observations: string[];
}

/** What a step sees of the loop that runs it; only the loop changes it, from the steps' outcomes. */
export interface LoopView {
  /** The step under way (0 before the first: the plan). */
  readonly step: number;
  /** Steps the loop may run, the one-time extension included. */
  readonly stepCap: number;
  /** Steps that searched or read so far: a first-step answer has none. */
  readonly researchSteps: number;
  /** The planner's steps so far: thought, action and what it observed. */
  readonly diary: readonly DiaryEntry[];
  /** What the planner is told about its last step in its next prompt. */
  readonly note: string | undefined;
}

/** The capabilities one run uses. */
export interface Capabilities {
  llm: Llm;
  /** Every configured provider behind one fan-out with fusion. */
  search: SearchProvider;
  reader: Reader;
  deepRead: DeepReadFunction;
  /** Local folders the run researches, indexed (see `attachCorpora`). */
  corpora: ResearchCorpus[];
  /** The compute action's sandbox; absent when the options turn compute off. */
  compute?: ComputeSandbox;
}

/** What every step gets: the run's records, its loop, the capabilities and an emitter bound to the step. */
export interface StepContext {
  run: RunRecords;
  loop: LoopView;
  llm: Llm;
  /** Every search provider of the run behind one fan-out. */
  search: SearchProvider;
  reader: Reader;
  deepRead: DeepReadFunction;
  /** The run's local folders (none for a web-only run). */
  corpora?: readonly ResearchCorpus[];
  /** The sandbox of the compute action; absent when the run does not compute (`compute: false`). */
  compute?: ComputeSandbox;
  /** Emits an event of this step; returns undefined once the step was cut off. */
  emit: (payload: ResearchEventPayload) => ResearchEvent | undefined;
  /** Aborted when the run is cancelled or the step runs out of time. */
  signal: AbortSignal;
  /** Tokens this phase of the run may still spend (the loop: up to the reserve; the end: the budget). */
  tokensLeft: () => number;
  /**
   * Tokens the supervisor holds for this sub-researcher until its sub-question has a finding: a call
   * may spend them whole (a step keeps most of `tokensLeft` for later steps, not these). Absent for
   * the lead.
   */
  held?: () => number;
  /**
   * The run's estimate of a call (see `callEstimate`), what calls of its role were seen to give
   * included: the one the token budget admits and holds by. Absent: `callEstimate` as it stands.
   */
  estimate?: (call: CallShape) => CallEstimate;
  /** The sub-researcher this step belongs to (its findings carry it), in runs that have them. */
  subResearcher?: string;
}

/** The capabilities a step uses besides the model: search, the reader, deep reads and the corpora. */
export type StepTools = Pick<StepContext, 'search' | 'reader' | 'deepRead' | 'corpora' | 'compute'>;

/** The step tools out of a run's capabilities. */
export function stepTools(capabilities: StepTools): StepTools {
  const { search, reader, deepRead, corpora, compute } = capabilities;
  return { search, reader, deepRead, corpora, compute };
}
