import type { ResearchEvent, ResearchEventPayload, RunEnding } from '../contract/index.js';
import { describeError } from '../errors.js';
import { isLlmError } from '../llm/index.js';
import type { Capabilities } from './capabilities.js';
import { withDeadline } from './deadline.js';
import { countRepeats, noteInDiary, openDiaryEntry } from './diary.js';
import { fatalModelFailure } from './failures.js';
import type { RunState } from './run-state.js';
import { extendableMaxSteps, plannedByEngine } from './steering.js';
import { chooseAction } from './steps/choose-action.js';
import type { StepContext, StepOutcome } from './steps/context.js';
import { emitPlan, planResearch } from './steps/plan.js';
import { runAction } from './steps/registry.js';
import { createStepScope } from './steps/scope.js';
import {
  answerAttempts,
  consecutiveFailures,
  firstStop,
  repeatedActions,
  type StopCondition,
  timeBudget,
  tokenBudget,
} from './stop-conditions.js';
import { withTokenLimit } from './token-limit.js';

/** Where the loop must stop: absolute times and the tokens it may spend before the reserve. */
export interface RunLimits {
  /** Epoch ms after which no new step starts and running ones are cut off. */
  loopDeadline: number;
  /** Epoch ms by which the whole run, final answer included, must end. */
  runDeadline: number;
  spendableTokens: number;
}

/** What the loop runs with: state, capabilities, the emitter, limits and the cancel signal. */
export interface LoopOptions {
  state: RunState;
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

function stopConditions(state: RunState, limits: RunLimits): StopCondition[] {
  const { options } = state;
  return [
    timeBudget(limits.loopDeadline - state.startedAt),
    tokenBudget(limits.spendableTokens),
    extendableMaxSteps(state),
    consecutiveFailures(options.maxConsecutiveFailures),
    answerAttempts(options.maxAnswerAttempts),
    repeatedActions(options.maxRepeatedActions),
  ];
}

function applyOutcome(state: RunState, outcome: StepOutcome): void {
  if (outcome.failed) state.consecutiveFailures += 1;
  else if (!outcome.repeated) state.consecutiveFailures = 0;
  countRepeats(state, outcome);
}

/**
 * Plans, then chooses and runs one action per step until an answer is accepted or a stop
 * condition fires. Each step races the time left, so a model that never answers cannot hold the
 * run. Model errors and invalid output count as failed steps; authentication ends the loop at once.
 */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const { state, capabilities, limits } = options;
  const now = options.now ?? Date.now;
  const conditions = stopConditions(state, limits);
  const tokensUsed = () => capabilities.llm.totals().usage.totalTokens;
  // The loop may spend the budget but its final answer's reserve, and no call may go past that.
  const tokensLeft = () => limits.spendableTokens - tokensUsed();
  const llm = withTokenLimit(capabilities.llm, tokensLeft);
  const context = (signal: AbortSignal, emit: StepContext['emit']): StepContext => ({
    state,
    llm,
    tokensLeft,
    search: capabilities.search,
    reader: capabilities.reader,
    deepRead: capabilities.deepRead,
    corpora: capabilities.corpora,
    emit: (payload) => {
      noteInDiary(state, payload);
      return emit(payload);
    },
    signal,
  });

  /** Runs one unit of work within the loop's time; returns a LoopEnd when the loop must end. */
  const guarded = async (
    task: (context: StepContext) => Promise<StepOutcome>,
  ): Promise<LoopEnd | undefined> => {
    const tokensBefore = capabilities.llm.totals().usage.totalTokens;
    const scope = createStepScope(options.emit);
    let interruption: { code: string; message: string } | undefined;
    try {
      const outcome = await withDeadline((signal) => task(context(signal, scope.emit)), {
        milliseconds: limits.loopDeadline - now(),
        ...(options.signal ? { parent: options.signal } : {}),
      });
      applyOutcome(state, outcome);
      if (outcome.accepted) return { stopReason: outcome.accepted, accepted: true };
      if (outcome.stop)
        return {
          stopReason: outcome.stop,
          accepted: false,
          ...(outcome.stopDetail ? { detail: outcome.stopDetail } : {}),
        };
    } catch (error) {
      interruption = describeError(error);
      if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
      if (isLlmError(error) && error.code === 'budget_exhausted')
        return { stopReason: 'token_budget', accepted: false };
      const fatal = fatalModelFailure(error);
      if (fatal) return { stopReason: fatal.stopReason, accepted: false, error: fatal.error };
      if (now() >= limits.loopDeadline) return { stopReason: 'time_limit', accepted: false };
      const described = describeError(error);
      options.emit({
        type: 'warning',
        code: described.code,
        message: `Step ${state.step} failed: ${described.message}`,
      });
      state.consecutiveFailures += 1;
      state.lastStepNote = `your last step failed (${described.code}); choose a valid action.`;
    } finally {
      scope.close(interruption);
      const used = capabilities.llm.totals().usage.totalTokens - tokensBefore;
      state.largestStepTokens = Math.max(state.largestStepTokens, used);
    }
    return undefined;
  };

  // A resumed run keeps the plan it had; only a fresh run asks the planner for one.
  if (state.subQuestions.length === 0) {
    const planned = await guarded(async (stepContext) => {
      await planResearch(stepContext);
      return {};
    });
    if (planned) return planned;
  } else {
    emitPlan({ state, emit: options.emit });
  }

  for (;;) {
    if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
    const reason = firstStop(conditions, {
      step: state.step,
      elapsedMs: now() - state.startedAt,
      tokensUsed: capabilities.llm.totals().usage.totalTokens,
      largestStepTokens: state.largestStepTokens,
      consecutiveFailures: state.consecutiveFailures,
      answerAttempts: state.answerAttempts,
      repeatedActions: state.repeatedActions,
    });
    if (reason) return { stopReason: reason, accepted: false };
    state.step += 1;
    options.emit({
      type: 'step-start',
      tokensUsed: capabilities.llm.totals().usage.totalTokens,
      tokenBudget: state.options.tokenBudget,
      elapsedMs: now() - state.startedAt,
    });
    const ended = await guarded(async (stepContext) => {
      const chosen = (await plannedByEngine(stepContext)) ?? (await chooseAction(stepContext));
      openDiaryEntry(state, chosen);
      return runAction(stepContext, chosen.action);
    });
    if (ended) return ended;
  }
}
