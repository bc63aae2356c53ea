import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { emptyMetrics, type ResearchResult } from '../../contract/index.js';
import type { RunRecord } from '../../store/index.js';
import type { EvalQuestion } from '../types.js';
import { createEvalProgress } from './progress.js';
import { questionResult } from './question-result.js';

const question: EvalQuestion = {
  id: 'q1',
  question: 'Who?',
  answer: 'Ada Lovelace',
  aliases: ['Ada King'],
  types: ['person'],
  level: 'easy',
};

function record(result: ResearchResult & { claims?: unknown }): RunRecord {
  return {
    id: 'run-1',
    question: 'Who?',
    status: result.status,
    options: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    result,
    usage: result.usage,
    metrics: emptyMetrics(),
    eventCount: 12,
  };
}

const base: ResearchResult = {
  runId: 'run-1',
  question: 'Who?',
  status: 'completed',
  stopReason: 'evaluation_passed',
  answer: 'It was **Ada King** [1], later Countess of Lovelace [2].',
  references: [
    { url: 'https://a.example', title: 'A', quote: 'q', verified: true },
    { url: 'https://b.example', title: 'B', quote: 'q', verified: false },
  ],
  usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120, costUsd: 0.002 },
  llmCalls: 5,
  steps: 3,
  durationMs: 4200,
  claims: { total: 0, supported: 0, unsupported: [] },
  words: 9,
};

describe('questionResult', () => {
  it('scores the answer without markup against the gold and aliases, with the run figures', () => {
    const line = questionResult({
      question,
      record: record(base),
      now: new Date('2026-01-02T00:00:00.000Z'),
    });
    expect(line).toMatchObject({
      id: 'q1',
      gold: 'Ada Lovelace',
      runId: 'run-1',
      status: 'completed',
      prediction: 'It was Ada King, later Countess of Lovelace.',
      em: 0,
      citations: { references: 2, verified: 1 },
      usage: base.usage,
      llmCalls: 5,
      durationMs: 4200,
      finishedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(line.f1).toBeGreaterThan(0);
    expect(line.citations.claims).toBeUndefined();
  });

  it('reads claim checks when the result carries them', () => {
    const line = questionResult({
      question,
      record: record({
        ...base,
        claims: { total: 3, supported: 2, unsupported: [{ text: 'It is red.', reason: 'not in the quote' }] },
      }),
    });
    expect(line.citations.claims).toEqual({ total: 3, supported: 2, unsupported: 1 });
  });
});

describe('createEvalProgress', () => {
  const result = questionResult({ question, record: record({ ...base, answer: 'Ada Lovelace [1]' }) });
  const collect = (stream: PassThrough) => {
    let text = '';
    stream.on('data', (chunk) => {
      text += chunk;
    });
    return () => text;
  };

  it('prints one plain line per finished question off a terminal, with running accuracy and cost', () => {
    const stream = new PassThrough();
    const text = collect(stream);
    const progress = createEvalProgress({ stream, isTTY: false, total: 4, previous: [result] });
    progress.onStart(question);
    progress.onResult({ ...result, id: 'q2', em: 0, f1: 0 });
    progress.close();
    expect(text()).toBe(
      '[2/4] q2 ✗ EM 0 F1 0.000 · completed · 4.2 s · $0.0020 · accuracy 50.0% · F1 0.500 · $0.0040\n',
    );
  });

  it('redraws one bar line on a terminal and ends it with a newline', () => {
    const stream = new PassThrough();
    const text = collect(stream);
    const progress = createEvalProgress({ stream, isTTY: true, total: 2, previous: [], now: () => 0 });
    progress.onStart(question);
    progress.onResult(result);
    progress.close();
    expect(text()).toContain(
      '\r\x1b[2K[██████████░░░░░░░░░░] 1/2 · accuracy 100.0% · F1 1.000 · $0.0020 · 0 running',
    );
    expect(text().endsWith('\n')).toBe(true);
    expect(text().split('\n')).toHaveLength(2);
  });
});

describe('createEvalProgress before the first answer', () => {
  it('shows no accuracy or cost yet (never $0.0000), and its elapsed time goes on', () => {
    vi.useFakeTimers();
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => {
      text += chunk;
    });
    let clock = 0;
    const progress = createEvalProgress({ stream, isTTY: true, total: 2, previous: [], now: () => clock });
    progress.onStart(question);
    expect(text).toContain('0/2 · no answer yet · 1 running · 0.0 s');
    expect(text).not.toContain('$0.0000');
    clock = 2_000;
    vi.advanceTimersByTime(1_000);
    expect(text).toContain('1 running · 2.0 s');
    progress.close();
    vi.useRealTimers();
  });
});
