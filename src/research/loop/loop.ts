import type { ResearchEvent, ResearchEventPayload, RunEnding } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import { isLlmError } from '../../llm/index.js';
import type { Capabilities } from '../capabilities.js';
import { withDeadline } from '../deadline.js';
import { fatalModelFailure } from '../failures.js';
import { planEvent } from '../plan/sub-questions.js';
import type { RunRecords } from '../run-records.js';
import type { StepContext } from '../step/context.js';
import type { StepOutcome } from '../step/outcome.js';
import { createStepScope } from '../step/scope.js';
import { chooseAction } from '../steps/choose-action.js';
import { planResearch } from '../steps/plan.js';
import { runAction } from '../steps/registry.js';
import {
  answerAttempts,
  consecutiveFailures,
  firstStop,
  maxSteps,
  repeatedActions,
  type StopCondition,
  type StopSnapshot,
  timeBudget,
  tokenBudget,
} from '../stop-conditions.js';
import { withTokenLimit } from '../token-limit.js';
import { noteInDiary, openDiaryEntry } from './diary.js';
import { applyOutcome, countFailedStep, type LoopState, loopView, noteStepTokens } from './loop-state.js';
import { extensionNote, plannedByEngine, stepCapExtension } from './steering.js';

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
  return [
    timeBudget(limits.loopDeadline - run.startedAt),
    tokenBudget(limits.spendableTokens),
    maxSteps(run.options.maxSteps + loop.counters.extendedSteps),
    consecutiveFailures(run.options.maxConsecutiveFailures),
    answerAttempts(run.options.maxAnswerAttempts),
    repeatedActions(run.options.maxRepeatedActions),
  ];
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

/**
 * Plans, then chooses and runs one action per step until an answer is accepted or a stop
 * condition fires. Each step races the time left, so a model that never answers cannot hold the
 * run; the loop applies what each step returns. Model errors and invalid output count as failed
 * steps; a model that can no longer answer (authentication, unreachable) ends the loop at once.
 */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const { run, loop, capabilities, limits } = options;
  const now = options.now ?? Date.now;
  const tokensUsed = () => capabilities.llm.totals().usage.totalTokens;
  // The loop may spend the budget but its final answer's reserve, and no call may go past that.
  const tokensLeft = () => limits.spendableTokens - tokensUsed();
  const llm = withTokenLimit(capabilities.llm, tokensLeft);
  const context = (signal: AbortSignal, emit: StepContext['emit']): StepContext => ({
    run,
    loop: loopView(loop, run.options.maxSteps),
    llm,
    tokensLeft,
    search: capabilities.search,
    reader: capabilities.reader,
    deepRead: capabilities.deepRead,
    corpora: capabilities.corpora,
    emit: (payload) => {
      noteInDiary(loop, payload);
      return emit(payload);
    },
    signal,
  });

  /** Runs one unit of work within the loop's time; returns a LoopEnd when the loop must end. */
  const guarded = async (
    task: (context: StepContext) => Promise<StepOutcome>,
  ): Promise<LoopEnd | undefined> => {
    const tokensBefore = tokensUsed();
    const scope = createStepScope(options.emit);
    let interruption: { code: string; message: string } | undefined;
    try {
      const outcome = await withDeadline((signal) => task(context(signal, scope.emit)), {
        milliseconds: limits.loopDeadline - now(),
        ...(options.signal ? { parent: options.signal } : {}),
      });
      applyOutcome(loop, outcome);
      return endOf(outcome);
    } catch (error) {
      interruption = describeError(error);
      if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
      if (isLlmError(error) && error.code === 'budget_exhausted')
        return { stopReason: 'token_budget', accepted: false };
      const fatal = fatalModelFailure(error);
      if (fatal) return { stopReason: fatal.stopReason, accepted: false, error: fatal.error };
      if (now() >= limits.loopDeadline) return { stopReason: 'time_limit', accepted: false };
      options.emit({
        type: 'warning',
        code: interruption.code,
        message: `Step ${loop.counters.step} failed: ${interruption.message}`,
      });
      countFailedStep(loop, interruption.code);
      return undefined;
    } finally {
      scope.close(interruption);
      noteStepTokens(loop, tokensUsed() - tokensBefore);
    }
  };

  // A resumed run keeps the plan it had; only a fresh run asks the planner for one.
  if (run.plan.subQuestions.length === 0) {
    const planned = await guarded(async (stepContext) => {
      await planResearch(stepContext);
      return {};
    });
    if (planned) return planned;
  } else {
    options.emit(planEvent(run.plan));
  }

  for (;;) {
    if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
    const extension = stepCapExtension(run, loop.counters);
    if (extension > 0) {
      loop.counters.extendedSteps = extension;
      loop.note = extensionNote(extension, run.options.maxSteps + extension);
    }
    const reason = firstStop(stopConditions(options), snapshot(options, now()));
    if (reason) return { stopReason: reason, accepted: false };
    loop.counters.step += 1;
    options.emit({
      type: 'step-start',
      tokensUsed: tokensUsed(),
      tokenBudget: run.options.tokenBudget,
      elapsedMs: now() - run.startedAt,
    });
    const ended = await guarded(async (stepContext) => {
      const chosen = plannedByEngine(stepContext) ?? (await chooseAction(stepContext));
      openDiaryEntry(loop, chosen);
      return runAction(stepContext, chosen.action);
    });
    if (ended) return ended;
  }
}
