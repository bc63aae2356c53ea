import type { SubQuestionIntent } from './intents.js';

/**
 * One angle the plan covers: for a web question a viewpoint or aspect (history, mechanism,
 * criticism, figures…), for a corpus a subsystem (a folder, a module). Every sub-question belongs
 * to one; a perspective is covered when one of its sub-questions has a finding, or when all of
 * them were declared unanswerable.
 */
export interface Perspective {
  /** `p1`, `p2`… in the order planned. */
  id: string;
  /** Short name, e.g. "Criticism" or "src/search". */
  name: string;
  /** What it looks at, in one line (empty when the planner gave none). */
  focus: string;
}

/** Where a sub-question came from: the plan, a reflection of the planner, or the critique's gaps. */
export type SubQuestionOrigin = 'plan' | 'reflection' | 'critique';

/** One item of the plan's checklist; later steps close it or add new ones. */
export interface SubQuestion {
  id: string;
  text: string;
  intent: SubQuestionIntent;
  status: 'open' | 'closed';
  /** Id of the perspective it belongs to (absent in runs stored by earlier versions). */
  perspective?: string;
  /** Where it came from (absent in runs stored by earlier versions: the plan or a reflection). */
  origin?: SubQuestionOrigin;
  /**
   * Why it was closed (the findings that answer it, or "cannot be answered from available
   * sources: <reason>"), or what is still missing.
   */
  note?: string;
}

/**
 * Where a sub-question stood when the answer was given: `covered` by findings, closed as
 * `unanswerable` from the sources (the note says why), or still `open` (the note says what is
 * missing) — what a reader should not expect the answer to settle.
 */
export interface SubQuestionOutcome {
  id: string;
  text: string;
  intent: SubQuestionIntent;
  perspective?: string;
  origin?: SubQuestionOrigin;
  outcome: 'covered' | 'unanswerable' | 'open';
  note?: string;
}
