import type { ResearchEvent, ResearchEventPayload, RunEnding } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import { isLlmError } from '../../llm/index.js';
import type { Capabilities } from '../capabilities.js';
import { withDeadline } from '../deadline.js';
import { fatalModelFailure } from '../failures.js';
import { planEvent } from '../plan/sub-questions.js';
import type { RunRecords } from '../run-records.js';
import { type StepContext, stepTools } from '../step/context.js';
import type { StepOutcome } from '../step/outcome.js';
import { createStepScope } from '../step/scope.js';
import { chooseAction } from '../steps/choose-action.js';
import { planResearch } from '../steps/plan.js';
import { runAction } from '../steps/registry.js';
import { firstStop, runCaps, type StopCondition, type StopSnapshot } from '../stop-conditions.js';
import { withTokenLimit } from '../token-limit.js';
import { noteInDiary, openDiaryEntry } from './diary.js';
import {
  applyOutcome,
  countFailedStep,
  growStepCap,
  type LoopState,
  loopView,
  noteStepTokens,
} from './loop-state.js';
import { plannedByEngine, stepCapExtension } from './steering.js';

/** Where the loop must stop: absolute times and the tokens it may spend before the reserve. */
export interface RunLimits {
  /** Epoch ms after which no new step starts and running ones are cut off. */
  loopDeadline: number;
  /** Epoch ms by which the whole run, final answer included, must end. */
  runDeadline: number;
  spendableTokens: number;
}

/** What the loop runs with: the run's records, its own state, capabilities, the emitter, limits. */
export interface LoopOptions {
  run: RunRecords;
  loop: LoopState;
  capabilities: Capabilities;
  emit: (payload: ResearchEventPayload) => ResearchEvent;
  limits: RunLimits;
  signal?: AbortSignal;
  now?: () => number;
}

/** How the loop ended: the reason, whether an answer was accepted, and the error that ended it. */
export interface LoopEnd extends Pick<RunEnding, 'stopReason'> {
  accepted: boolean;
  error?: unknown;
  /** What the stop reason alone does not say (which check kept failing, and why). */
  detail?: string;
}

/** The caps of the run, as they stand (the step cap may have grown once). */
function stopConditions(options: LoopOptions): StopCondition[] {
  const { run, loop, limits } = options;
  return runCaps({
    milliseconds: limits.loopDeadline - run.startedAt,
    spendableTokens: limits.spendableTokens,
    maxSteps: run.options.maxSteps + loop.counters.extendedSteps,
    maxConsecutiveFailures: run.options.maxConsecutiveFailures,
    maxAnswerAttempts: run.options.maxAnswerAttempts,
    maxRepeatedActions: run.options.maxRepeatedActions,
  });
}

/** The counters the stop conditions look at, read now. */
function snapshot(options: LoopOptions, now: number): StopSnapshot {
  const { counters } = options.loop;
  return {
    step: counters.step,
    elapsedMs: now - options.run.startedAt,
    tokensUsed: options.capabilities.llm.totals().usage.totalTokens,
    largestStepTokens: counters.largestStepTokens,
    consecutiveFailures: counters.consecutiveFailures,
    answerAttempts: options.run.drafts.attempts,
    repeatedActions: counters.repeatedActions,
  };
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

/** The context a step of the loop runs in: its records, a view of the loop, capabilities within the loop's tokens. */
function stepContext(options: LoopOptions, signal: AbortSignal, emit: StepContext['emit']): StepContext {
  const { run, loop, capabilities, limits } = options;
  // The loop may spend the budget but its final answer's reserve, and no call may go past that.
  const tokensLeft = () => limits.spendableTokens - capabilities.llm.totals().usage.totalTokens;
  return {
    run,
    loop: loopView(loop, run.options.maxSteps),
    llm: withTokenLimit(capabilities.llm, tokensLeft),
    tokensLeft,
    ...stepTools(capabilities),
    emit: (payload) => {
      noteInDiary(loop, payload);
      return emit(payload);
    },
    signal,
  };
}

/**
 * How a step that threw ends the loop: cancelled, out of tokens, a model that can no longer answer,
 * out of time. Any other error is a failed step: a warning, counted, with a note for the planner.
 */
function endAfterThrow(options: LoopOptions, error: unknown, now: number): LoopEnd | undefined {
  if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
  if (isLlmError(error) && error.code === 'budget_exhausted')
    return { stopReason: 'token_budget', accepted: false };
  const fatal = fatalModelFailure(error);
  if (fatal) return { stopReason: fatal.stopReason, accepted: false, error: fatal.error };
  if (now >= options.limits.loopDeadline) return { stopReason: 'time_limit', accepted: false };
  const described = describeError(error);
  options.emit({
    type: 'warning',
    code: described.code,
    message: `Step ${options.loop.counters.step} failed: ${described.message}`,
  });
  countFailedStep(options.loop, described.code);
  return undefined;
}

/** Runs one unit of work within the loop's time and applies its outcome; returns a LoopEnd when the loop must end. */
async function guarded(
  options: LoopOptions,
  task: (context: StepContext) => Promise<StepOutcome>,
): Promise<LoopEnd | undefined> {
  const now = options.now ?? Date.now;
  const tokensUsed = () => options.capabilities.llm.totals().usage.totalTokens;
  const tokensBefore = tokensUsed();
  const scope = createStepScope(options.emit);
  let interruption: { code: string; message: string } | undefined;
  try {
    const outcome = await withDeadline((signal) => task(stepContext(options, signal, scope.emit)), {
      milliseconds: options.limits.loopDeadline - now(),
      ...(options.signal ? { parent: options.signal } : {}),
    });
    applyOutcome(options.loop, outcome);
    return endOf(outcome);
  } catch (error) {
    interruption = describeError(error);
    return endAfterThrow(options, error, now());
  } finally {
    scope.close(interruption);
    noteStepTokens(options.loop, tokensUsed() - tokensBefore);
  }
}

/**
 * Plans, then chooses and runs one action per step until an answer is accepted or a stop
 * condition fires. Each step races the time left, so a model that never answers cannot hold the
 * run; the loop applies what each step returns. Model errors and invalid output count as failed
 * steps; a model that can no longer answer (authentication, unreachable) ends the loop at once.
 */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const { run, loop, capabilities } = options;
  const now = options.now ?? Date.now;
  // A resumed run keeps the plan it had; only a fresh run asks the planner for one.
  if (run.plan.subQuestions.length === 0) {
    const planned = await guarded(options, async (context) => {
      await planResearch(context);
      return {};
    });
    if (planned) return planned;
  } else {
    options.emit(planEvent(run.plan));
  }

  for (;;) {
    if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
    const extension = stepCapExtension(run, loop.counters);
    if (extension > 0) growStepCap(loop, extension, run.options.maxSteps);
    const reason = firstStop(stopConditions(options), snapshot(options, now()));
    if (reason) return { stopReason: reason, accepted: false };
    loop.counters.step += 1;
    options.emit({
      type: 'step-start',
      tokensUsed: capabilities.llm.totals().usage.totalTokens,
      tokenBudget: run.options.tokenBudget,
      elapsedMs: now() - run.startedAt,
    });
    const ended = await guarded(options, async (context) => {
      const chosen = plannedByEngine(context) ?? (await chooseAction(context));
      openDiaryEntry(loop, chosen);
      return runAction(context, chosen.action);
    });
    if (ended) return ended;
  }
}
