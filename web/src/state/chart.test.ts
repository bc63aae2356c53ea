import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../events.js';
import { type ChartState, chartReducer, initialChartState, settleChart } from './chart.js';
import { cancelledRun, normalRun, recordEvents, retryRun, toolErrorRun } from './fixtures/index.js';

const fold = (events: readonly ResearchEvent[]): ChartState => events.reduce(chartReducer, initialChartState);

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

  it('settles the chart of a run interrupted without a run-end: nothing stays lit', () => {
    const cutOff = normalRun.slice(0, normalRun.findIndex((event) => event.type === 'tool-call') + 1);
    const settled = settleChart(fold(cutOff));
    expect(settled.active).toBeUndefined();
    expect(Object.values(settled.nodes).some((node) => node.status === 'active')).toBe(false);
    expect(settled.outcome).toBe('partial');
    expect(settleChart(fold(normalRun)).outcome).toBe('success');
  });
});
