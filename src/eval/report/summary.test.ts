import { describe, expect, it } from 'vitest';
import type { QuestionResult } from '../run/question-result.js';
import { pairedBootstrap } from './bootstrap.js';
import { htmlReport } from './html-report.js';
import { summarize } from './summary.js';
import { summaryMarkdown } from './summary-markdown.js';

function result(id: string, fields: Partial<QuestionResult> = {}): QuestionResult {
  return {
    id,
    question: `Question ${id}?`,
    gold: 'gold',
    aliases: [],
    types: [],
    runId: `run-${id}`,
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer: 'x',
    prediction: 'x',
    em: 0,
    f1: 0,
    precision: 0,
    recall: 0,
    citations: { references: 2, verified: 1 },
    usage: { inputTokens: 10, outputTokens: 10, totalTokens: 20, costUsd: 0.01 },
    llmCalls: 3,
    steps: 2,
    durationMs: 1000,
    finishedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('summarize', () => {
  const grade = (value: 'correct' | 'incorrect' | 'not_attempted') => ({
    judge: { model: 'j', grade: value },
  });
  const results = [
    result('a', { em: 1, f1: 1, types: ['bridge', 'numeric'], level: 'easy', ...grade('correct') }),
    result('b', { em: 0, f1: 0.5, types: ['bridge'], level: 'hard', ...grade('correct') }),
    result('c', {
      types: ['comparison'],
      ...grade('incorrect'),
      status: 'best_effort',
      stopReason: 'max_steps',
    }),
    result('d', {
      ...grade('not_attempted'),
      durationMs: 5000,
      citations: { references: 0, verified: 0, claims: { total: 4, supported: 3, unsupported: 1 } },
    }),
  ];

  it('gives SimpleQA figures from the judge, EM/F1, citations and breakdowns with multi-label types', () => {
    const summary = summarize({ dataset: 'd.jsonl', format: 'jsonl', questions: 5, results });
    expect(summary).toMatchObject({
      questions: 5,
      finished: 4,
      accuracy: 0.5,
      accuracyBy: 'judge',
      em: 0.25,
      f1: 0.375,
    });
    expect(summary.judge).toMatchObject({
      graded: 4,
      correct: 0.5,
      incorrect: 0.25,
      notAttempted: 0.25,
      failed: 0,
    });
    expect(summary.judge?.accuracyGivenAttempted).toBeCloseTo(2 / 3, 12);
    expect(summary.judge?.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3), 12);
    expect(summary.citations).toEqual({
      references: 6,
      verified: 3,
      verifiedShare: 0.5,
      claims: { total: 4, supported: 3, unsupported: 1, supportedShare: 0.75 },
    });
    expect(summary.status).toEqual({ completed: 3, best_effort: 1 });
    expect(summary.byType.map((group) => [group.type, group.n])).toEqual([
      ['bridge', 2],
      ['(none)', 1],
      ['comparison', 1],
      ['numeric', 1],
    ]);
    expect(summary.costUsd.total).toBeCloseTo(0.04, 12);
    expect(summary.durationMs).toMatchObject({ median: 1000, max: 5000 });
  });

  it('never reports a false zero cost when a price is unknown, and uses exact match without a judge', () => {
    const plain = [
      result('a', { em: 1 }),
      result('b', { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2, costUsd: null } }),
    ];
    const summary = summarize({ dataset: 'd', format: 'jsonl', questions: 2, results: plain });
    expect(summary.costUsd).toEqual({ total: null, mean: null });
    expect(summary).toMatchObject({ accuracyBy: 'em', accuracy: 0.5 });
    expect(summary.judge).toBeUndefined();
    expect(summaryMarkdown(summary)).toContain('| cost | n/a (n/a a question) |');
  });

  it('escapes dataset text in the HTML report, which loads nothing from outside', () => {
    const hostile = result('x', {
      question: '<script>alert(1)</script>',
      prediction: '<img src=x onerror=alert(1)>',
    });
    const html = htmlReport(summarize({ dataset: 'd', format: 'jsonl', questions: 1, results: [hostile] }), [
      hostile,
    ]);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });
});

describe('pairedBootstrap', () => {
  const pairs = Array.from({ length: 40 }, (_, index) => ({
    a: index % 3 === 0 ? 1 : 0,
    b: index % 2 === 0 ? 1 : 0,
  }));

  it('is the same for the same seed and brackets the observed difference', () => {
    const first = pairedBootstrap(pairs, { seed: 5 });
    expect(pairedBootstrap(pairs, { seed: 5 })).toEqual(first);
    expect(first.difference).toBeCloseTo(20 / 40 - 14 / 40, 12);
    expect(first.low).toBeLessThan(first.difference);
    expect(first.high).toBeGreaterThan(first.difference);
    expect(pairedBootstrap(pairs, { seed: 6 })).not.toEqual(first);
  });

  it('has no width when every pair differs by the same amount, and is zero for no pairs', () => {
    expect(
      pairedBootstrap(
        [
          { a: 0, b: 1 },
          { a: 0.5, b: 1.5 },
        ],
        { seed: 1 },
      ),
    ).toEqual({ difference: 1, low: 1, high: 1 });
    expect(pairedBootstrap([])).toEqual({ difference: 0, low: 0, high: 0 });
  });
});
