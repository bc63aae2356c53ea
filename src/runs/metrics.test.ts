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
