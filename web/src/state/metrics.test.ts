import { describe, expect, it } from 'vitest';
import { cancelledRun, normalRun, retryRun, toolErrorRun } from './fixtures/index.js';
import { initialMetricsState, metricsReducer } from './metrics.js';

describe('metricsReducer', () => {
  it('totals tokens, cost, model calls and time per tool', () => {
    const metrics = normalRun.reduce(metricsReducer, initialMetricsState);
    expect(metrics.usage.totalTokens).toBe(3600);
    expect(metrics.usage.costUsd).toBeCloseTo(0.005);
    expect(metrics.llmCalls).toBe(4);
    expect(metrics.tools.search).toEqual({ calls: 1, succeeded: 1, failed: 0, totalMs: 420 });
    expect(metrics.tools.read).toEqual({ calls: 1, succeeded: 1, failed: 0, totalMs: 1200 });
    expect(metrics.roles.planner?.calls).toBe(2);
    expect(metrics.durationMs).toBe(7000);
  });

  it('counts failed model calls and keeps an unknown price unknown', () => {
    const metrics = retryRun.reduce(metricsReducer, initialMetricsState);
    expect(metrics.failedLlmCalls).toBe(1);
    expect(metrics.roles.evaluator?.costUsd).toBeNull();
    expect(metrics.usage.costUsd).toBeNull();
    expect(metrics.answerAttempts).toBe(2);
  });

  it('counts tool failures, warnings and errors', () => {
    const metrics = toolErrorRun.reduce(metricsReducer, initialMetricsState);
    expect(metrics.tools.read).toEqual({ calls: 1, succeeded: 0, failed: 1, totalMs: 15_000 });
    expect(metrics.warnings).toBe(1);
    expect(metrics.errors).toBe(1);
  });

  it('counts an unfinished call without a duration', () => {
    const metrics = cancelledRun.reduce(metricsReducer, initialMetricsState);
    expect(metrics.tools.read).toEqual({ calls: 1, succeeded: 0, failed: 0, totalMs: 0 });
  });
});
