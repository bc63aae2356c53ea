import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors.js';
import type { EvalQuestion } from '../types.js';
import { selectQuestions } from './select-questions.js';

const questions: EvalQuestion[] = Array.from({ length: 50 }, (_, index) => ({
  id: `q${index}`,
  question: `Question ${index}?`,
  answer: `a${index}`,
  aliases: [],
  types: [],
}));
const ids = (list: EvalQuestion[]) => list.map((question) => question.id);

describe('selectQuestions', () => {
  it('samples the same questions for the same seed, in file order, and others for another seed', () => {
    const first = ids(selectQuestions(questions, { sample: 5, seed: 7 }));
    expect(first).toHaveLength(5);
    expect(new Set(first).size).toBe(5);
    expect(ids(selectQuestions(questions, { sample: 5, seed: 7 }))).toEqual(first);
    expect(first).toEqual([...first].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))));
    expect(ids(selectQuestions(questions, { sample: 5, seed: 8 }))).not.toEqual(first);
  });

  it('applies ids, then sample, then limit', () => {
    expect(ids(selectQuestions(questions, { ids: ['q3', 'q1', 'q9'] }))).toEqual(['q1', 'q3', 'q9']);
    expect(ids(selectQuestions(questions, { limit: 3 }))).toEqual(['q0', 'q1', 'q2']);
    expect(selectQuestions(questions, { ids: ['q1', 'q2', 'q3'], sample: 2, limit: 1 })).toHaveLength(1);
    expect(selectQuestions(questions, { sample: 500 })).toHaveLength(50);
  });

  it('refuses an unknown id, naming it and showing what ids look like', () => {
    expect(() => selectQuestions(questions, { ids: ['q1', 'nope'] })).toThrow(ConfigError);
    expect(() => selectQuestions(questions, { ids: ['nope'] })).toThrow(
      /not in the dataset: nope\. Ids look like: q0, q1/,
    );
  });
});
