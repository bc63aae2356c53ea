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
      models: {},
      tools: { search: { calls: 2, succeeded: 1, failed: 1, durationsMs: [5, 7] } },
    });
  });

  it('counts calls, failures, fallbacks, cooldowns, latency and cost per model', () => {
    const call = (
      index: number,
      model: string,
      figures: { ok: boolean; durationMs?: number; fallback?: boolean; costUsd?: number | null },
    ): ResearchEvent => ({
      ...base,
      index,
      step: 1,
      type: 'usage',
      role: 'writer',
      model,
      ok: figures.ok,
      call: usage(10, figures.costUsd === undefined ? 0.01 : figures.costUsd),
      total: usage(10 * (index + 1), null),
      llmCalls: index + 1,
      ...(figures.durationMs === undefined ? {} : { durationMs: figures.durationMs }),
      ...(figures.fallback ? { fallback: true } : {}),
    });
    const events: ResearchEvent[] = [
      call(0, 'openai:gpt-4o', { ok: false, durationMs: 900 }),
      call(1, 'openai:gpt-4o', { ok: false, durationMs: 1100 }),
      {
        ...base,
        index: 2,
        step: 1,
        type: 'warning',
        code: 'model_cooldown',
        model: 'openai:gpt-4o',
        message: 'openai:gpt-4o failed several calls in a row',
      },
      // A warning of another kind, or one naming no model, is no cooldown.
      { ...base, index: 3, step: 1, type: 'warning', code: 'search_failed', message: 'x' },
      { ...base, index: 4, step: 1, type: 'warning', code: 'model_cooldown', message: 'no model named' },
      call(5, 'ollama:llama3.1', { ok: true, durationMs: 200, fallback: true, costUsd: null }),
      // A call stored by an earlier version has no duration.
      call(6, 'ollama:llama3.1', { ok: true, fallback: true, costUsd: null }),
    ];
    const { metrics } = foldRunEvents(events);
    expect(metrics.models['openai:gpt-4o']).toEqual({
      calls: 2,
      failed: 2,
      fallbacks: 0,
      cooldowns: 1,
      totalTokens: 20,
      costUsd: 0.02,
      durationsMs: [900, 1100],
    });
    expect(metrics.models['ollama:llama3.1']).toEqual({
      calls: 2,
      failed: 0,
      fallbacks: 2,
      cooldowns: 0,
      totalTokens: 20,
      costUsd: null,
      durationsMs: [200],
    });
    expect(metrics.warnings).toBe(3);
  });
});
