import type { ResearchEvent, ResearchEventPayload, RunEnding } from '../../contract/index.js';
import type { AskInput } from '../input/ask-input.js';
import type { RunRecords } from '../run/run-records.js';
import type { Capabilities } from '../run/step-context.js';
import type { LoopState } from './loop-state.js';
import type { TokenBudget } from './token-budget.js';

/** Where the loop must stop: absolute times and the tokens it may spend before the reserve. */
export interface RunLimits {
  /** Epoch ms after which no new step starts and running ones are cut off. */
  loopDeadline: number;
  /** Epoch ms by which the whole run, final answer included, must end. */
  runDeadline: number;
  spendableTokens: number;
}

/** Which step, and which sub-researcher, an event belongs to. */
export interface EventOrigin {
  step: number;
  /** The sub-researcher's id (see `EventBase.subResearcher`). */
  subResearcher?: string;
}

/** What the loop runs with: the run's records, its own state, capabilities, the emitter, limits. */
export interface LoopOptions {
  run: RunRecords;
  loop: LoopState;
  capabilities: Capabilities;
  /** Emits an event of the loop's current step, or of `origin` (a sub-researcher's step). */
  emit: (payload: ResearchEventPayload, origin?: EventOrigin) => ResearchEvent;
  limits: RunLimits;
  /** The run's one token budget: every call of the loop draws on it (see `createTokenBudget`). */
  budget: TokenBudget;
  signal?: AbortSignal;
  now?: () => number;
  /** How the person is asked in process (clarifying questions, plan review); absent: the run pauses. */
  askInput?: AskInput;
}

/** How the loop ended: the reason, whether an answer was accepted, and the error that ended it. */
export interface LoopEnd extends Pick<RunEnding, 'stopReason'> {
  accepted: boolean;
  error?: unknown;
  /** What the stop reason alone does not say (which check kept failing, and why). */
  detail?: string;
}
