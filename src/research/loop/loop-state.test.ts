import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/schemas.js';
import { createRunRecords } from '../run/run-records.js';
import { applyOutcome, countFailedStep, createLoopState, type LoopState, loopView } from './loop-state.js';
import { stepCapExtension } from './steering.js';

/** Runs step `step` of `kind` with the given outcome, as the loop does. */
function step(loop: LoopState, kind: string, outcome: Parameters<typeof applyOutcome>[1]): void {
  loop.counters.step += 1;
  loop.diary.push({ step: loop.counters.step, thought: '', kind, action: '{}', observations: [] });
  applyOutcome(loop, outcome);
}

describe('a loop applying its steps’ outcomes', () => {
  it('tells the planner only what the last step said, and counts failures, repeats and research', () => {
    const loop = createLoopState();
    step(loop, 'search', { researched: true, note: 'your last search was clipped.' });
    expect(loop.note).toBe('your last search was clipped.');
    step(loop, 'read', { researched: true });
    // A note is not a mailbox: a step that says nothing clears the last one.
    expect(loop.note).toBeUndefined();
    step(loop, 'ready', { repeated: true, note: 'no findings yet.' });
    step(loop, 'ready', { repeated: true, note: 'no findings yet.' });
    step(loop, 'search', { repeated: true });
    expect(loop.counters).toMatchObject({ researchSteps: 2, repeatedActions: 1, lastRepeatedKind: 'search' });
    step(loop, 'read', { failed: true });
    countFailedStep(loop, 'invalid_output');
    expect(loop.counters.consecutiveFailures).toBe(2);
    expect(loop.note).toBe('your last step failed (invalid_output); choose a valid action.');
    // A failed step neither counts as a repeat nor resets the count; progress resets both.
    expect(loop.counters.repeatedActions).toBe(1);
    step(loop, 'read', { researched: true });
    expect(loop.counters).toMatchObject({ consecutiveFailures: 0, repeatedActions: 0, researchSteps: 3 });
  });

  it('grows the step cap once, by extendSteps, only while gaps remain', () => {
    const run = createRunRecords({
      question: 'Q?',
      options: { ...parseResearchConfig({ maxSteps: 3, extendSteps: 2 }), question: 'Q?' },
      startedAt: 0,
    });
    const loop = createLoopState();
    loop.counters.step = 3;
    // No open sub-question and no gap filling: the cap holds.
    expect(stepCapExtension(run, loop.counters)).toBe(0);
    run.plan.subQuestions.push({ id: 'q1', text: 'Open?', intent: 'explore', status: 'open' });
    loop.counters.step = 2;
    expect(stepCapExtension(run, loop.counters)).toBe(0);
    loop.counters.step = 3;
    expect(stepCapExtension(run, loop.counters)).toBe(2);
    loop.counters.extendedSteps = 2;
    expect(loopView(loop, 3).stepCap).toBe(5);
    loop.counters.step = 5;
    expect(stepCapExtension(run, loop.counters)).toBe(0);
  });
});
