import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from './events.js';
import { completeMetrics, foldRunEvents } from './metrics.js';

const base = { runId: 'r', at: '2026-01-01T00:00:00.000Z' };
const usage = (totalTokens: number, costUsd: number | null) => ({
  inputTokens: totalTokens,
  outputTokens: 0,
  totalTokens,
  costUsd,
});

describe('the run metrics fold', () => {
  it('counts a started tool call at once and its outcome when it finishes', () => {
    const events: ResearchEvent[] = [
      { ...base, index: 0, step: 1, type: 'tool-call', callId: 'a', tool: 'read', input: {} },
      { ...base, index: 1, step: 1, type: 'tool-call', callId: 'b', tool: 'read', input: {} },
      {
        ...base,
        index: 2,
        step: 1,
        type: 'tool-result',
        callId: 'a',
        tool: 'read',
        ok: false,
        durationMs: 30,
        summary: 'timeout',
      },
    ];
    expect(foldRunEvents(events).metrics.tools.read).toEqual({
      calls: 2,
      succeeded: 0,
      failed: 1,
      durationsMs: [30],
    });
  });

  it('keeps an unknown price unknown for the run and for the role', () => {
    const events: ResearchEvent[] = [
      {
        ...base,
        index: 0,
        step: 0,
        type: 'usage',
        role: 'planner',
        model: 'a:b',
        ok: true,
        call: usage(10, 0.1),
        total: usage(10, 0.1),
        llmCalls: 1,
      },
      {
        ...base,
        index: 1,
        step: 1,
        type: 'usage',
        role: 'planner',
        model: 'a:c',
        ok: false,
        call: usage(5, null),
        total: usage(15, null),
        llmCalls: 2,
      },
    ];
    const figures = foldRunEvents(events);
    expect(figures.usage.costUsd).toBeNull();
    expect(figures.metrics.roles.planner).toEqual({ calls: 2, failed: 1, totalTokens: 15, costUsd: null });
    expect(figures.metrics.failedLlmCalls).toBe(1);
  });

  it('counts a call cancelled by a stop as a call, not as a failed one', () => {
    const call = (index: number, ok: boolean, cancelled?: boolean): ResearchEvent => ({
      ...base,
      index,
      step: 1,
      type: 'usage',
      role: 'planner',
      model: 'a:b',
      ok,
      ...(cancelled ? { cancelled } : {}),
      call: usage(0, 0),
      total: usage(0, 0),
      llmCalls: index + 1,
    });
    const figures = foldRunEvents([call(0, true), call(1, false, true), call(2, false)]);
    expect(figures.metrics.llmCalls).toBe(3);
    expect(figures.metrics.failedLlmCalls).toBe(1);
    expect(figures.metrics.roles.planner?.failed).toBe(1);
  });

  it('reads metrics stored by an earlier version in the current shape', () => {
    const old = {
      steps: 3,
      llmCalls: 4,
      failedLlmCalls: 0,
      answerAttempts: 1,
      warnings: 0,
      tools: { search: { calls: 2, succeeded: 1, durationsMs: [5, 7] } },
    };
    expect(completeMetrics(old as never)).toMatchObject({
      errors: 0,
      roles: {},
      tools: { search: { calls: 2, succeeded: 1, failed: 1, durationsMs: [5, 7] } },
    });
  });
});
