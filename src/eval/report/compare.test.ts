import { describe, expect, it } from 'vitest';
import type { QuestionResult } from '../run/question-result.js';
import { compareResults, comparisonMarkdown } from './compare.js';

const line = (id: string): QuestionResult => ({
  id,
  question: `Question ${id}?`,
  gold: 'green',
  aliases: [],
  types: [],
  runId: `run-${id}`,
  status: 'completed',
  answer: 'green',
  prediction: 'green',
  em: 1,
  f1: 1,
  precision: 1,
  recall: 1,
  citations: { references: 0, verified: 0 },
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
  llmCalls: 1,
  steps: 1,
  durationMs: 1,
  finishedAt: '2026-01-01T00:00:00.000Z',
});

describe('comparisonMarkdown', () => {
  it('counts each side in words that agree with the number: 1 result, 2 results, 1 question', () => {
    const markdown = comparisonMarkdown(
      compareResults({
        a: { folder: 'runs-a', results: [line('q1')] },
        b: { folder: 'runs-b', results: [line('q1'), line('q2')] },
        resamples: 10,
      }),
    );
    expect(markdown).toContain('A: runs-a (1 result) · B: runs-b (2 results) · 1 question in both.');
  });
});
