import { describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchEventPayload } from '../../../src/contract/index.js';
import { chartReducer, initialChartState } from './chart.js';
import { initialTimelineState, timelineGroups, timelineReducer } from './timeline.js';

/** Events of a round: the lead searches q1 while sub-researchers q2 and q3 read. */
function round(): ResearchEvent[] {
  let index = 0;
  const event = (payload: ResearchEventPayload, step: number, subResearcher: string): ResearchEvent =>
    ({ ...payload, runId: 'r', index: index++, at: '', step, subResearcher }) as ResearchEvent;
  const start = { type: 'step-start', tokensUsed: 0, tokenBudget: 1000, elapsedMs: 0 } as const;
  return [
    event(start, 1, 'lead'),
    event({ type: 'thought', action: 'search', text: 'Search q1.' }, 1, 'lead'),
    event(start, 2, 'q2'),
    event(start, 3, 'q3'),
    event({ type: 'observation', text: 'Read 2 of 2 pages.' }, 2, 'q2'),
    event({ type: 'observation', text: 'Searched 1 query.' }, 1, 'lead'),
  ];
}

describe('sub-researchers in the UI state', () => {
  it('groups the trace by sub-researcher, the lead first', () => {
    const { entries } = round().reduce(timelineReducer, initialTimelineState);
    const groups = timelineGroups(entries);
    expect(groups.map((group) => [group.subResearcher, group.entries.map((entry) => entry.step)])).toEqual([
      [undefined, [1]],
      ['q2', [2]],
      ['q3', [3]],
    ]);
  });

  it('counts who is at work for the workflow chart, the lead beside its sub-researchers', () => {
    const events = round();
    const midRound = events.slice(0, 4).reduce(chartReducer, initialChartState);
    expect(midRound.working).toEqual(['lead', 'q2', 'q3']);
    const after = events.reduce(chartReducer, initialChartState);
    expect(after.working).toEqual(['q3']);
    expect(after.busiest).toEqual(['lead', 'q2', 'q3']);
  });
});
