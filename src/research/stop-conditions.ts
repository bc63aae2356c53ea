import type { StopReason } from '../contract/index.js';

/** What stop conditions look at: counters of the run so far. */
export interface StopSnapshot {
  /** Steps started so far. */
  step: number;
  elapsedMs: number;
  /** Tokens used by every model call so far, failed calls included. */
  tokensUsed: number;
  /** Tokens the most expensive step so far used: the estimate of what the next one will use. */
  largestStepTokens: number;
  consecutiveFailures: number;
  answerAttempts: number;
  repeatedActions: number;
}

/** Returns why the loop must stop now, or undefined to go on; reads the snapshot, changes nothing. */
export type StopCondition = (snapshot: Readonly<StopSnapshot>) => StopReason | undefined;

/** Stops before a step whose expected usage would go past `spendableTokens`. */
export function tokenBudget(spendableTokens: number): StopCondition {
  return (snapshot) =>
    snapshot.tokensUsed + snapshot.largestStepTokens > spendableTokens ? 'token_budget' : undefined;
}

/** Stops once `steps` steps have run. */
export function maxSteps(steps: number): StopCondition {
  return (snapshot) => (snapshot.step >= steps ? 'max_steps' : undefined);
}

/** Stops once `milliseconds` of wall-clock time have passed. */
export function timeBudget(milliseconds: number): StopCondition {
  return (snapshot) => (snapshot.elapsedMs >= milliseconds ? 'time_limit' : undefined);
}

/** Stops after `failures` failed steps in a row. */
export function consecutiveFailures(failures: number): StopCondition {
  return (snapshot) => (snapshot.consecutiveFailures >= failures ? 'repeated_failures' : undefined);
}

/** Stops after `attempts` answers were rejected. */
export function answerAttempts(attempts: number): StopCondition {
  return (snapshot) => (snapshot.answerAttempts >= attempts ? 'answer_attempts' : undefined);
}

/** Stops after `repeats` actions repeated an earlier one (same query, URL or answer). */
export function repeatedActions(repeats: number): StopCondition {
  return (snapshot) => (snapshot.repeatedActions >= repeats ? 'repeated_action' : undefined);
}

/** The numbers a run's caps are set by. */
export interface RunCaps {
  /** Wall-clock time the loop may take. */
  milliseconds: number;
  /** Tokens the loop may spend (the budget but the final answer's reserve). */
  spendableTokens: number;
  /** Steps, the one-time extension included. */
  maxSteps: number;
  maxConsecutiveFailures: number;
  maxAnswerAttempts: number;
  maxRepeatedActions: number;
}

/** The run's stop conditions, in the order they are checked: time, tokens, steps, failures, answers, repeats. */
export function runCaps(caps: RunCaps): StopCondition[] {
  return [
    timeBudget(caps.milliseconds),
    tokenBudget(caps.spendableTokens),
    maxSteps(caps.maxSteps),
    consecutiveFailures(caps.maxConsecutiveFailures),
    answerAttempts(caps.maxAnswerAttempts),
    repeatedActions(caps.maxRepeatedActions),
  ];
}

/** The first condition that fires, in the order given. */
export function firstStop(
  conditions: readonly StopCondition[],
  snapshot: StopSnapshot,
): StopReason | undefined {
  for (const condition of conditions) {
    const reason = condition(snapshot);
    if (reason) return reason;
  }
  return undefined;
}
