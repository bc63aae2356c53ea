import { describeError } from '../../errors.js';
import { isLlmError } from '../../llm/index.js';
import { withDeadline } from '../deadline.js';
import { fatalModelFailure } from '../failures.js';
import { type StepContext, stepTools } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { createStepScope } from '../run/step-scope.js';
import { noteInDiary } from './diary.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import { applyLaneOutcome, applyOutcome, countFailedStep, loopView, noteStepTokens } from './loop-state.js';
import type { BudgetLane } from './token-budget.js';

/** One unit of work of the loop: its step, its sub-researcher, and how it draws on the budget. */
export interface Lane {
  step: number;
  /** The sub-researcher's id; absent in a run without sub-researchers. */
  subResearcher?: string;
  /** The planner's own step (the supervisor's): its outcome sets the planner's note and repeat count. */
  lead: boolean;
  /** The step's calls on the run's budget (a sub-researcher's with its hold). */
  budget: BudgetLane;
}

/** Starts a step of the loop: the next step number, its `step-start` event, and its lane. */
export function startLane(options: LoopOptions, lane: Omit<Lane, 'step'>): Lane {
  const { run, loop, capabilities } = options;
  loop.counters.step += 1;
  const started: Lane = { step: loop.counters.step, ...lane };
  options.emit(
    {
      type: 'step-start',
      tokensUsed: capabilities.llm.totals().usage.totalTokens,
      tokenBudget: run.options.tokenBudget,
      elapsedMs: (options.now ?? Date.now)() - run.startedAt,
    },
    started,
  );
  return started;
}

/** How a step's outcome ends the loop, if it does. */
function endOf(outcome: StepOutcome): LoopEnd | undefined {
  if (outcome.accepted) return { stopReason: outcome.accepted, accepted: true };
  if (!outcome.stop) return undefined;
  return {
    stopReason: outcome.stop,
    accepted: false,
    ...(outcome.stopDetail ? { detail: outcome.stopDetail } : {}),
  };
}

/** The context a step runs in: its records, a view of the loop, capabilities within its tokens. */
function stepContext(
  options: LoopOptions,
  lane: Lane,
  signal: AbortSignal,
  emit: StepContext['emit'],
): StepContext {
  const { run, loop, capabilities, budget } = options;
  // The loop may spend the budget but its final answer's reserve and what is held for the
  // sub-researchers at work; a sub-researcher's own hold is its to spend.
  const { hold } = lane.budget;
  return {
    run,
    loop: loopView(loop, run.options.maxSteps),
    llm: budget.llmFor(lane.budget),
    tokensLeft: () => budget.leftFor(lane.budget),
    ...(hold ? { held: () => hold.remaining() } : {}),
    estimate: (call) => budget.estimate(call),
    ...stepTools(capabilities),
    ...(lane.subResearcher ? { subResearcher: lane.subResearcher } : {}),
    emit: (payload) => {
      if (lane.lead) noteInDiary(loop, payload, lane.step);
      return emit(payload);
    },
    signal,
  };
}

/**
 * How a step that threw ends the loop: cancelled, out of tokens, a model that can no longer answer,
 * out of time. A sub-researcher out of tokens ends only its own work (the lead decides whether
 * the research goes on). Any other error is a failed step: a warning, counted, with a note for the
 * planner.
 */
function endAfterThrow(options: LoopOptions, lane: Lane, error: unknown, now: number): LoopEnd | undefined {
  if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
  if (isLlmError(error) && error.code === 'budget_exhausted') {
    if (lane.lead) return { stopReason: 'token_budget', accepted: false };
    options.emit(
      {
        type: 'warning',
        code: error.code,
        message: `Sub-researcher ${lane.subResearcher} stops: ${error.message}`,
      },
      lane,
    );
    return undefined;
  }
  const fatal = fatalModelFailure(error);
  if (fatal) return { stopReason: fatal.stopReason, accepted: false, error: fatal.error };
  if (now >= options.limits.loopDeadline) return { stopReason: 'time_limit', accepted: false };
  const described = describeError(error);
  options.emit(
    { type: 'warning', code: described.code, message: `Step ${lane.step} failed: ${described.message}` },
    lane,
  );
  countFailedStep(options.loop, described.code, lane.lead);
  return undefined;
}

/**
 * Runs one unit of work of a lane within the loop's time and applies its outcome; returns a
 * LoopEnd when the loop must end. Its events carry the lane's step and sub-researcher.
 */
export async function guarded(
  options: LoopOptions,
  lane: Lane,
  task: (context: StepContext) => Promise<StepOutcome>,
): Promise<LoopEnd | undefined> {
  const now = options.now ?? Date.now;
  const tokensUsed = () => options.capabilities.llm.totals().usage.totalTokens;
  const laneBefore = lane.budget.spent;
  const origin = { step: lane.step, ...(lane.subResearcher ? { subResearcher: lane.subResearcher } : {}) };
  const scope = createStepScope((payload) => options.emit(payload, origin));
  let interruption: { code: string; message: string } | undefined;
  // Whether the step's work is done, its effects all emitted: a step cut off runs again on resume.
  let finished = false;
  let ended: LoopEnd | undefined;
  try {
    const outcome = await withDeadline((signal) => task(stepContext(options, lane, signal, scope.emit)), {
      milliseconds: options.limits.loopDeadline - now(),
      parent: options.signal,
    });
    if (lane.lead) applyOutcome(options.loop, outcome, lane.step);
    else applyLaneOutcome(options.loop, outcome);
    finished = true;
    ended = endOf(outcome);
    return ended;
  } catch (error) {
    interruption = describeError(error);
    const end = endAfterThrow(options, lane, error, now());
    finished = end === undefined;
    return end;
  } finally {
    scope.close(interruption);
    // What this step's own calls spent: the estimate of what a next step costs.
    noteStepTokens(options.loop, lane.budget.spent - laneBefore);
    if (finished) {
      const elapsedMs = now() - options.run.startedAt;
      const endsLoop = ended && {
        stopReason: ended.stopReason,
        accepted: ended.accepted,
        ...(ended.detail ? { detail: ended.detail } : {}),
      };
      options.emit(
        { type: 'step-end', tokensUsed: tokensUsed(), elapsedMs, ...(endsLoop ? { endsLoop } : {}) },
        origin,
      );
    }
  }
}
