import type { DiaryEntry, LoopView } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import type { ResearchLines } from './research-lines.js';

/** What one loop counts; only the loop changes it, applying its steps' outcomes. */
export interface LoopCounters {
  /** Steps started so far. */
  step: number;
  consecutiveFailures: number;
  /** Consecutive steps that repeated the same kind of action without progress. */
  repeatedActions: number;
  /** Kind of the action the last repeat was of. */
  lastRepeatedKind: string | undefined;
  /** Steps that searched or read: a first-step answer has none. */
  researchSteps: number;
  /** Tokens the most expensive step so far used: the estimate of what the next one will use. */
  largestStepTokens: number;
  /** Steps added to `maxSteps` (once, up to `extendSteps`) because gaps remained. */
  extendedSteps: number;
}

/** How the loop chooses its actions now (see `ResearchStrategy`). */
export interface StrategyState {
  /** Actions come from the default policy only: the `pipeline` strategy, or `auto` after it switched. */
  pipeline: boolean;
  /** Replies of the planner the engine could not use (malformed, repeated, refused, ignoring a gap). */
  plannerFailures: number;
  /** The next lead step takes the default policy's action: the planner kept repeating itself. */
  forcePolicy: boolean;
}

/** One loop's own state: its counters, its diary and the note for the planner's next prompt. */
export interface LoopState {
  counters: LoopCounters;
  strategy: StrategyState;
  diary: DiaryEntry[];
  /** What the planner is told about its last step; set from each step's outcome. */
  note: string | undefined;
  /**
   * What the sub-researchers handed back since the planner's last step, one line each (what they
   * found, in short; never their steps): the planner is told in its next prompt.
   */
  handBacks: string[];
  /** Every sub-question's line of research: its branches and what each gained (see `branchingStepFor`). */
  lines: ResearchLines;
}

/** A loop that has not started; a resumed run brings the steps and research steps it already made. */
export function createLoopState(init: { steps?: number; researchSteps?: number } = {}): LoopState {
  return {
    counters: {
      step: init.steps ?? 0,
      consecutiveFailures: 0,
      repeatedActions: 0,
      lastRepeatedKind: undefined,
      researchSteps: init.researchSteps ?? 0,
      largestStepTokens: 0,
      extendedSteps: 0,
    },
    strategy: { pipeline: false, plannerFailures: 0, forcePolicy: false },
    diary: [],
    note: undefined,
    handBacks: [],
    lines: new Map(),
  };
}

/** What the steps of a loop under the `maxSteps` cap see of it now. */
export function loopView(loop: LoopState, maxSteps: number): LoopView {
  return {
    step: loop.counters.step,
    stepCap: maxSteps + loop.counters.extendedSteps,
    researchSteps: loop.counters.researchSteps,
    diary: loop.diary,
    note: [loop.note, ...loop.handBacks].filter(Boolean).join(' ') || undefined,
  };
}

/**
 * Counts repeated actions: consecutive steps that repeated the same kind of action without
 * progress. A step that made progress resets the count, so repeats far apart never end a run; a
 * failed step neither counts nor resets.
 */
function countRepeats(loop: LoopState, outcome: StepOutcome, step: number): void {
  const { counters } = loop;
  const entry = loop.diary.at(-1);
  const kind = entry?.step === step ? entry.kind : undefined;
  if (outcome.repeated) {
    counters.repeatedActions =
      kind !== undefined && kind === counters.lastRepeatedKind ? counters.repeatedActions + 1 : 1;
    counters.lastRepeatedKind = kind;
  } else if (!outcome.failed) {
    counters.repeatedActions = 0;
    counters.lastRepeatedKind = undefined;
  }
}

/** Applies what the planner's step `step` did: its failure, repeat or progress, its research, and its note. */
export function applyOutcome(loop: LoopState, outcome: StepOutcome, step = loop.counters.step): void {
  applyLaneOutcome(loop, outcome);
  countRepeats(loop, outcome, step);
  loop.note = outcome.note;
}

/** Applies what a sub-researcher's step did: its failure or progress and its research; the planner's note stays. */
export function applyLaneOutcome(loop: LoopState, outcome: StepOutcome): void {
  const { counters } = loop;
  if (outcome.failed) counters.consecutiveFailures += 1;
  else if (!outcome.repeated) counters.consecutiveFailures = 0;
  if (outcome.researched) counters.researchSteps += 1;
}

/** Counts a step that threw (a model error, invalid output) as failed; the planner's own with a note. */
export function countFailedStep(loop: LoopState, code: string, lead = true): void {
  loop.counters.consecutiveFailures += 1;
  if (lead) loop.note = `your last step failed (${code}); choose a valid action.`;
}

/** Grows the step cap once by `steps` (over `maxSteps`), telling the planner why. */
export function growStepCap(loop: LoopState, steps: number, maxSteps: number): void {
  loop.counters.extendedSteps = steps;
  loop.note = `the step cap grew once by ${steps} steps to ${maxSteps + steps} because gaps remain; close them, then say ready.`;
}

/** Records the tokens one step used, for the estimate of the next. */
export function noteStepTokens(loop: LoopState, tokens: number): void {
  loop.counters.largestStepTokens = Math.max(loop.counters.largestStepTokens, tokens);
}
