import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import {
  COMPUTE_RUN_PROGRAM,
  cancelledRun,
  computeRun,
  normalRun,
  retryRun,
  toolErrorRun,
} from './fixtures/index.js';
import { initialTimelineState, type TimelineState, timelineReducer } from './timeline.js';

const fold = (events: readonly ResearchEvent[]): TimelineState =>
  events.reduce(timelineReducer, initialTimelineState);

describe('timelineReducer', () => {
  it("keeps a compute call's code, inputs and output, and a failed program's error", () => {
    const { entries } = fold(computeRun);
    expect(entries[0]?.calls[0]?.execution?.error?.code).toBe('compute_timeout');
    expect(entries[1]?.calls[0]).toMatchObject({
      tool: 'compute',
      input: { inputs: ['F1', 'F2'], program: COMPUTE_RUN_PROGRAM },
      execution: { ok: true, durationMs: 40, output: { output: '25.0%' } },
    });
  });

  it('makes one entry per step with thought, action, execution and observation', () => {
    const { entries } = fold(normalRun);
    expect(entries.map((entry) => entry.step)).toEqual([1, 2, 3]);
    const search = entries[0]!;
    expect(search.thought).toEqual({
      action: 'search',
      text: 'I should find lists of tall buildings in Europe.',
    });
    expect(search.calls).toEqual([
      {
        callId: 'c1',
        tool: 'search',
        input: { queries: ['tallest building Europe'] },
        execution: { ok: true, durationMs: 420, summary: '3 results' },
      },
    ]);
    expect(search.observations).toEqual(['Found 3 candidate pages about tall buildings.']);
    expect(entries[2]!.answers).toEqual([{ attempt: 1, pass: true }]);
  });

  it('records rejected attempts and the stop message in their steps', () => {
    const { entries } = fold(retryRun);
    expect(entries[0]!.answers).toEqual([{ attempt: 1, pass: false }]);
    expect(entries[2]!.answers).toEqual([{ attempt: 2, pass: false }]);
    expect(entries[2]!.notes).toEqual([
      { kind: 'stop', text: 'Two answers were rejected; giving the best one.' },
    ]);
  });

  it('shows a failed tool with its error, and the warning and run error', () => {
    const { entries } = fold(toolErrorRun);
    const call = entries[0]!.calls[0]!;
    expect(call.execution).toMatchObject({ ok: false, durationMs: 15_000 });
    expect(call.execution?.error?.code).toBe('fetch_timeout');
    expect(entries[0]!.notes.map((note) => note.kind)).toEqual(['warning', 'error']);
  });

  it('leaves an unfinished call without execution when the run is cancelled', () => {
    const { entries } = fold(cancelledRun);
    expect(entries[1]!.calls[0]).toEqual({
      callId: 'x2',
      tool: 'read',
      input: { urls: ['https://slow.example.org/'] },
    });
  });
});
