import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import { normalRun, recordEvents } from './fixtures/index.js';
import { initialPlanState, type PlanState, perspectiveName, planProgress, planReducer } from './plan.js';

const fold = (events: readonly ResearchEvent[]): PlanState => events.reduce(planReducer, initialPlanState);

describe('planReducer', () => {
  it('ticks sub-questions as later plan events close them', () => {
    const halfway = normalRun.slice(
      0,
      normalRun.findIndex((event) => event.type === 'answer-draft'),
    );
    expect(planProgress(fold(halfway))).toEqual({ closed: 1, total: 2 });
    const done = fold(normalRun);
    expect(planProgress(done)).toEqual({ closed: 2, total: 2 });
    expect(done.items[1]?.note).toBe('2019');
  });

  it('keeps the first order and appends new sub-questions without dropping omitted ones', () => {
    const events = recordEvents('run-plan', [
      [0, { type: 'plan', subQuestions: [{ id: 'a', text: 'A', intent: 'explore', status: 'open' }] }],
      [2, { type: 'plan', subQuestions: [{ id: 'b', text: 'B', intent: 'related', status: 'open' }] }],
      [3, { type: 'plan', subQuestions: [{ id: 'a', text: 'A', intent: 'explore', status: 'closed' }] }],
    ]);
    const plan = fold(events);
    expect(plan.items.map((item) => [item.id, item.status])).toEqual([
      ['a', 'closed'],
      ['b', 'open'],
    ]);
    expect(plan.updatedAtStep).toBe(3);
  });

  it('keeps the perspectives of the latest plan event that lists them', () => {
    const perspectives = [
      { id: 'p1', name: 'History', focus: '' },
      { id: 'p2', name: 'Criticism', focus: '' },
    ];
    const events = recordEvents('run-perspectives', [
      [
        0,
        {
          type: 'plan',
          perspectives,
          subQuestions: [{ id: 'q1', text: 'A', intent: 'explore', status: 'open', perspective: 'p2' }],
        },
      ],
      [2, { type: 'plan', subQuestions: [{ id: 'q1', text: 'A', intent: 'explore', status: 'closed' }] }],
    ]);
    const plan = fold(events);
    expect(plan.perspectives).toEqual(perspectives);
    const first = fold(events.slice(0, 1));
    const item = first.items[0];
    expect(item && perspectiveName(first, item)).toBe('Criticism');
  });
});
