import { describe, expect, it } from 'vitest';
import {
  answerAttempts,
  consecutiveFailures,
  firstStop,
  maxSteps,
  repeatedActions,
  type StopSnapshot,
  timeBudget,
  tokenBudget,
} from './stop-conditions.js';

const snapshot: StopSnapshot = {
  step: 3,
  elapsedMs: 1_000,
  tokensUsed: 800,
  largestStepTokens: 150,
  consecutiveFailures: 1,
  answerAttempts: 1,
  repeatedActions: 0,
};

describe('stop conditions', () => {
  it('each fires at its threshold and not before', () => {
    expect(maxSteps(3)(snapshot)).toBe('max_steps');
    expect(maxSteps(4)(snapshot)).toBeUndefined();
    expect(timeBudget(1_000)(snapshot)).toBe('time_limit');
    expect(timeBudget(1_001)(snapshot)).toBeUndefined();
    expect(consecutiveFailures(1)(snapshot)).toBe('repeated_failures');
    expect(consecutiveFailures(2)(snapshot)).toBeUndefined();
    expect(answerAttempts(1)(snapshot)).toBe('answer_attempts');
    expect(repeatedActions(1)(snapshot)).toBeUndefined();
    expect(repeatedActions(1)({ ...snapshot, repeatedActions: 1 })).toBe('repeated_action');
  });

  it('stops on tokens when the next step, estimated by the largest so far, would pass the budget', () => {
    expect(tokenBudget(949)(snapshot)).toBe('token_budget');
    expect(tokenBudget(950)(snapshot)).toBeUndefined();
  });

  it('firstStop returns the first condition that fires, in order', () => {
    expect(firstStop([maxSteps(10), timeBudget(500), maxSteps(1)], snapshot)).toBe('time_limit');
    expect(firstStop([maxSteps(10)], snapshot)).toBeUndefined();
  });
});
