import { describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchEventPayload } from '../../contract/index.js';
import { createProgressReporter, type ProgressNotification } from './progress.js';

let index = 0;
const event = (payload: ResearchEventPayload, step = 0): ResearchEvent =>
  ({ runId: 'r', index: index++, at: '', step, ...payload }) as ResearchEvent;
const usage = (totalTokens: number) => ({
  inputTokens: totalTokens,
  outputTokens: 0,
  totalTokens,
  costUsd: null,
});

describe('createProgressReporter', () => {
  it('sends one growing progress per significant event with step, action and tokens, in order', async () => {
    const sent: ProgressNotification[] = [];
    const reporter = createProgressReporter({
      progressToken: 'token-1',
      send: async (notification) => {
        await new Promise((resolve) => setTimeout(resolve, notification.params.progress === 1 ? 5 : 0));
        sent.push(notification);
      },
    });
    const options = {
      model: 'm',
      search: ['s'],
      tokenBudget: 1,
      maxSteps: 5,
      maxTimeSeconds: 1,
      report: false,
    };
    reporter.onEvent(event({ type: 'run-start', question: 'q', options }));
    reporter.onEvent(event({ type: 'step-start', tokensUsed: 0, tokenBudget: 1, elapsedMs: 0 }, 1));
    reporter.onEvent(
      event(
        {
          type: 'usage',
          role: 'planner',
          model: 'm',
          ok: true,
          call: usage(1200),
          total: usage(1200),
          llmCalls: 1,
        },
        1,
      ),
    );
    reporter.onEvent(
      event({ type: 'tool-call', callId: 'c', tool: 'search', input: { query: 'eiffel' } }, 1),
    );
    await reporter.flush();
    expect(sent.map((notification) => notification.params.progress)).toEqual([1, 2, 3]);
    expect(sent.every((notification) => notification.params.progressToken === 'token-1')).toBe(true);
    expect(sent.at(-1)?.params.message).toBe('step 1/5 · search · 1,200 tokens · searching "eiffel"');
  });

  it('sends nothing without a progress token, and a failed send does not fail the run', async () => {
    let calls = 0;
    const silent = createProgressReporter({ progressToken: undefined, send: async () => void calls++ });
    silent.onEvent(event({ type: 'warning', code: 'x', message: 'y' }));
    await silent.flush();
    expect(calls).toBe(0);
    const failing = createProgressReporter({
      progressToken: 1,
      send: () => Promise.reject(new Error('closed')),
    });
    failing.onEvent(event({ type: 'warning', code: 'x', message: 'y' }));
    await expect(failing.flush()).resolves.toBeUndefined();
  });
});
