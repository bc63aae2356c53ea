import { describe, expect, it } from 'vitest';
import { type EvaluationState, evaluationReducer, initialEvaluationState } from './evaluation.js';
import { normalRun, retryRun } from './fixtures/index.js';

describe('evaluationReducer', () => {
  it('pairs each answer attempt with its checks and verdict', () => {
    const state: EvaluationState = retryRun.reduce(evaluationReducer, initialEvaluationState);
    expect(state.attempts.map((attempt) => [attempt.attempt, attempt.verdict?.pass])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(state.attempts[0]?.verdict?.checks).toContainEqual({
      type: 'plurality',
      pass: false,
      reason: 'Only one source.',
    });
    expect(state.attempts[1]?.references).toHaveLength(2);
  });

  it('shows an attempt awaiting its verdict before the evaluation arrives', () => {
    const untilDraft = normalRun.slice(0, normalRun.findIndex((event) => event.type === 'answer-draft') + 1);
    const state = untilDraft.reduce(evaluationReducer, initialEvaluationState);
    expect(state.attempts).toHaveLength(1);
    expect(state.attempts[0]?.verdict).toBeUndefined();
  });

  it('keeps the final evaluation the run ended with', () => {
    const final = {
      scores: { relevance: 9, accuracy: 7, completeness: 6, sourceQuality: 5 },
      strengths: ['Cited.'],
      weaknesses: ['One host.'],
      recommendations: ['Read more.'],
      method: 'model' as const,
    };
    const events = normalRun.map((event) =>
      event.type === 'run-end' ? { ...event, evaluation: final } : event,
    );
    const state = events.reduce(evaluationReducer, initialEvaluationState);
    expect(state.final).toEqual(final);
    expect(state.attempts).toHaveLength(1);
  });
});
