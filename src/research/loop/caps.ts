import { firstStop, runCaps, type StopCondition, type StopSnapshot } from '../stop-conditions.js';
import type { LoopOptions } from './loop-options.js';

/** The caps of the run, as they stand (the step cap may have grown once). */
export function stopConditions(options: LoopOptions): StopCondition[] {
  const { run, limits } = options;
  return runCaps({
    milliseconds: limits.loopDeadline - run.startedAt,
    // The budget's limit: the reserve, or more once the final answer's calls are seen to need it.
    spendableTokens: options.budget.limit(),
    maxSteps: stepCap(options),
    maxConsecutiveFailures: run.options.maxConsecutiveFailures,
    maxAnswerAttempts: run.options.maxAnswerAttempts,
    maxRepeatedActions: run.options.maxRepeatedActions,
  });
}

/** Steps the loop may run: `maxSteps` and its one-time extension. */
export function stepCap(options: Pick<LoopOptions, 'run' | 'loop'>): number {
  return options.run.options.maxSteps + options.loop.counters.extendedSteps;
}

/**
 * What is spoken for beside what was done: steps the sub-researchers at work still need to their
 * first finding, and tokens held for them. The lead counts them as taken.
 */
export interface Spoken {
  steps: number;
  tokens: number;
}

/** The counters the stop conditions look at, read now, with what is spoken for counted as used. */
export function snapshot(options: LoopOptions, spoken: Spoken = { steps: 0, tokens: 0 }): StopSnapshot {
  const { counters } = options.loop;
  const now = (options.now ?? Date.now)();
  return {
    step: counters.step + spoken.steps,
    elapsedMs: now - options.run.startedAt,
    tokensUsed: options.capabilities.llm.totals().usage.totalTokens + spoken.tokens,
    largestStepTokens: counters.largestStepTokens,
    consecutiveFailures: counters.consecutiveFailures,
    answerAttempts: options.run.drafts.attempts,
    repeatedActions: counters.repeatedActions,
  };
}

/** Why no step may start now, if one may not: the first of the run's caps that fires. */
export function capReached(options: LoopOptions, spoken?: Spoken) {
  return firstStop(stopConditions(options), snapshot(options, spoken));
}
