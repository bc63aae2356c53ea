import { describe, expect, it } from 'vitest';
import type { RunMetrics, Usage } from '../contract/index.js';
import type { RunRecord } from '../store/index.js';
import { aggregateMetrics, type MeasuredRun } from './metrics.js';

const metrics = (llmCalls: number): RunMetrics => ({
  steps: 1,
  llmCalls,
  failedLlmCalls: 0,
  answerAttempts: 0,
  warnings: 0,
  errors: 0,
  roles: {},
  models: {},
  tools: {},
});

function run(id: string, llmCalls: number, costUsd: number | null, totalTokens = 15): MeasuredRun {
  const usage: Usage = {
    inputTokens: 10,
    outputTokens: 5,
    totalTokens: llmCalls === 0 ? 0 : totalTokens,
    costUsd,
  };
  const record: RunRecord = {
    id,
    question: 'q',
    status: 'failed',
    options: {},
    createdAt: '2026-11-26T10:00:00.000Z',
    usage,
    metrics: metrics(llmCalls),
    eventCount: 0,
  };
  return { record, usage, metrics: metrics(llmCalls) };
}

const report = (runs: MeasuredRun[]) =>
  aggregateMetrics({
    runs,
    window: '24h',
    from: new Date('2026-11-26T00:00:00.000Z'),
    to: new Date('2026-11-27T00:00:00.000Z'),
    buckets: 4,
  });

describe('aggregateMetrics cost', () => {
  it('does not count a run without model calls, or with failed ones only, as a known cost of $0', () => {
    const figures = report([run('a', 0, 0), run('b', 3, null), run('c', 2, 0, 0)]);
    expect(figures.runsWithUnknownCost).toBe(3);
    expect(figures.costUsd).toBe(0);
  });

  it('sums the known costs and counts the unpriced runs', () => {
    const figures = report([run('a', 2, 0.25), run('b', 3, null), run('c', 1, 0.5)]);
    expect(figures.costUsd).toBeCloseTo(0.75, 10);
    expect(figures.runsWithUnknownCost).toBe(1);
  });
});

describe('aggregateMetrics per model', () => {
  it('adds up each model over the runs: calls, failures, fallbacks, cooldowns, tokens, cost and latency', () => {
    const withModels = (id: string, models: RunMetrics['models']): MeasuredRun => {
      const measured = run(id, 4, 0.1);
      return { ...measured, metrics: { ...measured.metrics, models } };
    };
    const figures = report([
      withModels('a', {
        'openai:gpt-4o': {
          calls: 3,
          failed: 2,
          fallbacks: 0,
          cooldowns: 1,
          totalTokens: 30,
          costUsd: 0.03,
          durationsMs: [100, 200, 300],
        },
        'ollama:llama3.1': {
          calls: 1,
          failed: 0,
          fallbacks: 1,
          cooldowns: 0,
          totalTokens: 5,
          costUsd: null,
          durationsMs: [50],
        },
      }),
      withModels('b', {
        'openai:gpt-4o': {
          calls: 1,
          failed: 0,
          fallbacks: 0,
          cooldowns: 0,
          totalTokens: 10,
          costUsd: 0.01,
          durationsMs: [400],
        },
      }),
    ]);
    expect(figures.models?.['openai:gpt-4o']).toMatchObject({
      calls: 4,
      failed: 2,
      fallbacks: 0,
      cooldowns: 1,
      successRate: 0.5,
      totalTokens: 40,
      latencyMs: { count: 4, p50: 200, p95: 400, max: 400 },
    });
    expect(figures.models?.['openai:gpt-4o']?.costUsd).toBeCloseTo(0.04, 10);
    expect(figures.models?.['ollama:llama3.1']).toMatchObject({
      calls: 1,
      fallbacks: 1,
      successRate: 1,
      costUsd: null,
      latencyMs: { p50: 50, p95: 50 },
    });
  });
});
