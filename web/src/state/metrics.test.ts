import { describe, expect, it } from 'vitest';
import { emptyFigures, foldRunEvent, type RunFigures } from '../../../src/contract/index.js';
import { cancelledRun, normalRun, retryRun, toolErrorRun } from './fixtures/index.js';

describe('the shared metrics fold, as the UI uses it', () => {
  it('totals tokens, cost, model calls and time per tool', () => {
    const figures = normalRun.reduce(foldRunEvent, emptyFigures()) as RunFigures;
    expect(figures.usage.totalTokens).toBe(3600);
    expect(figures.usage.costUsd).toBeCloseTo(0.005);
    expect(figures.metrics.llmCalls).toBe(4);
    expect(figures.metrics.tools.search).toEqual({ calls: 1, succeeded: 1, failed: 0, durationsMs: [420] });
    expect(figures.metrics.tools.read).toEqual({ calls: 1, succeeded: 1, failed: 0, durationsMs: [1200] });
    expect(figures.metrics.roles.planner?.calls).toBe(2);
    expect(figures.durationMs).toBe(7000);
  });

  it('counts failed model calls and keeps an unknown price unknown', () => {
    const figures = retryRun.reduce(foldRunEvent, emptyFigures()) as RunFigures;
    expect(figures.metrics.failedLlmCalls).toBe(1);
    expect(figures.metrics.roles.evaluator?.costUsd).toBeNull();
    expect(figures.usage.costUsd).toBeNull();
    expect(figures.metrics.answerAttempts).toBe(2);
  });

  it('counts tool failures, warnings and errors', () => {
    const figures = toolErrorRun.reduce(foldRunEvent, emptyFigures()) as RunFigures;
    expect(figures.metrics.tools.read).toEqual({ calls: 1, succeeded: 0, failed: 1, durationsMs: [15_000] });
    expect(figures.metrics.warnings).toBe(1);
    expect(figures.metrics.errors).toBe(1);
  });

  it('counts an unfinished call without a duration', () => {
    const figures = cancelledRun.reduce(foldRunEvent, emptyFigures()) as RunFigures;
    expect(figures.metrics.tools.read).toEqual({ calls: 1, succeeded: 0, failed: 0, durationsMs: [] });
  });
});
