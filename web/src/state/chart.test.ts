import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import { type ChartState, chartReducer, initialChartState, settleChart } from './chart.js';
import {
  cancelledRun,
  computeRun,
  type FixtureEntry,
  normalRun,
  recordEvents,
  retryRun,
  toolErrorRun,
} from './fixtures/index.js';

const fold = (events: readonly ResearchEvent[]): ChartState => events.reduce(chartReducer, initialChartState);

describe('the chart under OPERATE', () => {
  it('counts the programs run in the compute sandbox and those that failed', () => {
    const chart = fold(computeRun);
    expect(chart.computations).toEqual({ ran: 2, failed: 1 });
    expect(chart.nodes.operate.errors).toBe(1);
    expect(chart.nodes.operate.lastError).toMatch(/compute_timeout/);
  });
});

describe('chartReducer', () => {
  it('walks a normal run through every node and ends on a successful FINISH', () => {
    const chart = fold(normalRun);
    expect(chart.outcome).toBe('success');
    expect(chart.active).toBeUndefined();
    expect(chart.nodes.think.visits).toBe(3);
    expect(chart.nodes.operate.visits).toBe(3);
    expect(chart.nodes.reflect.visits).toBe(2);
    expect(chart.nodes.evaluator).toMatchObject({ visits: 1, errors: 0, status: 'done' });
    expect(chart.nodes.finish.status).toBe('done');
    expect(chart.loops).toBe(2);
  });

  it('lights the node the run is in while it works', () => {
    const untilSearch = normalRun.slice(0, normalRun.findIndex((event) => event.type === 'tool-call') + 1);
    const chart = fold(untilSearch);
    expect(chart.active).toBe('operate');
    expect(chart.nodes.operate.status).toBe('active');
    expect(chart.nodes.think.status).toBe('done');
    expect(chart.nodes.finish.status).toBe('idle');
  });

  it('marks rejected answers on the evaluator and counts each attempt', () => {
    const chart = fold(retryRun);
    expect(chart.nodes.evaluator.visits).toBe(2);
    expect(chart.nodes.evaluator.errors).toBe(2);
    expect(chart.nodes.evaluator.status).toBe('error');
    expect(chart.nodes.evaluator.lastError).toContain('definitive');
    expect(chart.outcome).toBe('partial');
  });

  it('shows a failed tool and a failed run as errors', () => {
    const chart = fold(toolErrorRun);
    const untilToolResult = toolErrorRun.slice(
      0,
      toolErrorRun.findIndex((event) => event.type === 'tool-result') + 1,
    );
    const afterTool = fold(untilToolResult);
    expect(afterTool.nodes.operate).toMatchObject({ status: 'error', errors: 1 });
    expect(afterTool.nodes.operate.lastError).toContain('fetch_timeout');
    // The run error happened while operating: the node shows both failures, the latest on top.
    expect(chart.nodes.operate).toMatchObject({ status: 'error', errors: 2 });
    expect(chart.nodes.operate.lastError).toContain('authentication');
    expect(chart.nodes.finish.status).toBe('error');
    expect(chart.outcome).toBe('failure');
  });

  it('ends a cancelled run as cancelled with the work done so far intact', () => {
    const chart = fold(cancelledRun);
    expect(chart.outcome).toBe('cancelled');
    expect(chart.nodes.operate.visits).toBe(2);
    expect(chart.nodes.evaluator.visits).toBe(0);
  });

  it("counts each step's thought as a new THINK visit, not the planning before the loop", () => {
    const chart = fold(
      recordEvents('run-steps', [
        [0, { type: 'thought', action: 'reflect', text: 'Planning.' }],
        [0, { type: 'observation', text: 'Planning: one sub-question.' }],
        [1, { type: 'step-start', tokensUsed: 0, tokenBudget: 100, elapsedMs: 0 }],
        [1, { type: 'thought', action: 'search', text: 'Search.' }],
      ]),
    );
    // The planning thought of step 0 is not a loop step; step 1's thought is the first THINK.
    expect(chart.nodes.think).toMatchObject({ visits: 1, status: 'active' });
    expect(chart.loops).toBe(0);
  });

  it('lights THINK as soon as a step starts, while the model is still choosing', () => {
    const chart = fold(
      recordEvents('run-think', [
        [0, { type: 'observation', text: 'Planning: one sub-question.' }],
        [1, { type: 'step-start', tokensUsed: 0, tokenBudget: 100, elapsedMs: 0 }],
      ]),
    );
    expect(chart.active).toBe('think');
    expect(chart.nodes.think).toMatchObject({ visits: 1, status: 'active' });
  });

  it('shows failed steps on THINK and a failed final answer on FINISH', () => {
    const failedStep = (step: number): FixtureEntry[] => [
      [step, { type: 'step-start', tokensUsed: 0, tokenBudget: 100, elapsedMs: 0 }],
      [step, { type: 'warning', code: 'http_error', message: `Step ${step} failed: HTTP 500` }],
    ];
    const chart = fold(
      recordEvents('run-failing', [
        ...failedStep(1),
        ...failedStep(2),
        [2, { type: 'finish-guard', reason: 'repeated_failures', message: 'Too many steps failed.' }],
        [2, { type: 'warning', code: 'http_error', message: 'The final answer failed: HTTP 500' }],
      ]),
    );
    expect(chart.nodes.think).toMatchObject({ visits: 2, errors: 2, status: 'error' });
    expect(chart.nodes.think.lastError).toContain('Step 2 failed');
    expect(chart.nodes.finish).toMatchObject({ visits: 1, errors: 1, status: 'error' });
    expect(chart.lastFailed).toBe('finish');
  });

  it('counts the final answer written after a finish guard as part of FINISH', () => {
    const chart = fold(
      recordEvents('run-guarded', [
        [1, { type: 'step-start', tokensUsed: 0, tokenBudget: 100, elapsedMs: 0 }],
        [1, { type: 'thought', action: 'answer', text: 'Answer again.' }],
        [1, { type: 'finish-guard', reason: 'repeated_action', message: 'Repeated.' }],
        [1, { type: 'answer-draft', attempt: 2, answer: 'Final.', references: [] }],
        [
          1,
          {
            type: 'run-end',
            status: 'best_effort',
            stopReason: 'repeated_action',
            answer: 'Final.',
            references: [],
            claims: { total: 0, supported: 0, unsupported: [] },
            words: 0,
            usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
            llmCalls: 2,
            steps: 1,
            durationMs: 10,
          },
        ],
      ]),
    );
    expect(chart.nodes.operate.visits).toBe(0);
    expect(chart.nodes.finish).toMatchObject({ visits: 1, status: 'done' });
  });

  it('settles the chart of a run interrupted without a run-end: nothing stays lit', () => {
    const cutOff = normalRun.slice(0, normalRun.findIndex((event) => event.type === 'tool-call') + 1);
    const settled = settleChart(fold(cutOff));
    expect(settled.active).toBeUndefined();
    expect(Object.values(settled.nodes).some((node) => node.status === 'active')).toBe(false);
    // OPERATE was working when the run was cut off: it did not complete.
    expect(settled.nodes.operate).toMatchObject({ status: 'stopped', visits: 1 });
    expect(settled.nodes.think.status).toBe('done');
    expect(settled.outcome).toBe('partial');
    expect(settleChart(fold(normalRun)).outcome).toBe('success');
  });
});
