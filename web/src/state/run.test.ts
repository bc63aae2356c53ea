import { describe, expect, it } from 'vitest';
import {
  cancelledRun,
  findingsRun,
  normalRun,
  normalRunAnswer,
  normalRunReferences,
  retryRun,
  toolErrorRun,
} from './fixtures/index.js';
import { costOf, elapsedOf, foldEvents, initialRunViewState, progressOf, runReducer } from './run.js';

describe('runReducer', () => {
  it('ends a normal run with its final answer, references and status', () => {
    const state = foldEvents(initialRunViewState, normalRun);
    expect(state).toMatchObject({
      runId: 'run-normal',
      question: 'What is the tallest building in Europe?',
      status: 'completed',
      stopReason: 'evaluation_passed',
      answer: normalRunAnswer,
      answerIsFinal: true,
      references: normalRunReferences,
      step: 3,
      eventCount: normalRun.length,
    });
    expect(progressOf(state)).toBe(1);
  });

  it('ignores events it has already seen, so a replayed stream changes nothing', () => {
    const half = Math.floor(normalRun.length / 2);
    const first = foldEvents(initialRunViewState, normalRun.slice(0, half + 3));
    // A reconnect replays from the start, overlapping what was already shown.
    const resumed = foldEvents(first, normalRun);
    expect(resumed).toEqual(foldEvents(initialRunViewState, normalRun));
    expect(resumed.timeline.entries[0]?.calls).toHaveLength(1);
  });

  it('describes what the run is doing now, and the budget used', () => {
    const upToRead = normalRun.slice(
      0,
      normalRun.findIndex((event) => event.type === 'tool-call' && event.tool === 'read') + 1,
    );
    const state = foldEvents(initialRunViewState, upToRead);
    expect(state.status).toBe('running');
    expect(state.activity).toBe('read: https://example.org/towers, https://news.example.com/lakhta');
    expect(state.tokensUsed).toBe(2000);
    expect(state.tokenBudget).toBe(10_000);
    // Step 2 of 10 and 20% of the budget; time is measured from the run's own start.
    const started = Date.parse(state.figures.startedAt!);
    expect(progressOf(state, started + 1000)).toBeCloseTo(0.2);
  });

  it('stops saying a search runs once its result is in, whatever follows before the next step', () => {
    const result = normalRun.findIndex((event) => event.type === 'tool-result' && event.tool === 'search');
    const next = normalRun.findIndex((event, index) => index > result && event.type === 'step-start');
    const searching = foldEvents(initialRunViewState, normalRun.slice(0, result));
    expect(searching.activity).toBe('search: tallest building Europe');
    for (let end = result + 1; end < next; end += 1) {
      expect(foldEvents(initialRunViewState, normalRun.slice(0, end)).activity).toBe(
        'search done: 3 results',
      );
    }
  });

  it('keeps the best-effort answer and stop reason after rejected attempts', () => {
    const state = foldEvents(initialRunViewState, retryRun);
    expect(state.status).toBe('best_effort');
    expect(state.stopReason).toBe('answer_attempts');
    expect(state.answer).toBe('Alpha [1], though beta disagrees [2].');
  });

  it('keeps the partial report of a cancelled run visible', () => {
    const state = foldEvents(initialRunViewState, cancelledRun);
    expect(state.status).toBe('cancelled');
    expect(state.reportDraft).toBe('# Partial report\n\nSo far');
    expect(state.answerIsFinal).toBe(false);
  });

  it('shows the run error of a failed run', () => {
    const state = toolErrorRun.reduce(runReducer, initialRunViewState);
    expect(state.status).toBe('failed');
    expect(state.error).toEqual({ code: 'authentication', message: 'The model rejected the API key.' });
  });

  it('says what the chart shows: drafting and checking in OPERATE, evaluating in EVALUATOR', () => {
    let state = initialRunViewState;
    const seen: [string | undefined, string][] = [];
    for (const event of findingsRun) {
      state = runReducer(state, event);
      seen.push([state.chart.active, state.activity]);
      if (/evaluating/.test(state.activity)) expect(state.chart.active).toBe('evaluator');
      if (state.chart.active === 'operate') expect(state.activity).not.toMatch(/evaluat/);
    }
    expect(seen).toContainEqual(['operate', 'checking the claims of answer #1']);
    expect(seen).toContainEqual(['evaluator', 'evaluating answer #1']);
  });

  it('gives the status line and the run metrics one time: the duration, the clock, or the last event', () => {
    const ended = foldEvents(initialRunViewState, normalRun);
    expect(elapsedOf(ended, false, Date.now())).toBe(ended.figures.durationMs);
    const half = foldEvents(initialRunViewState, normalRun.slice(0, 3));
    const started = Date.parse(half.figures.startedAt ?? '');
    expect(elapsedOf(half, true, started + 4_000)).toBe(4_000);
    expect(elapsedOf(half, false, started + 4_000)).toBe(half.figures.elapsedMs);
  });

  it('has no cost until a model call reports one: n/a first, never $0 then n/a', () => {
    expect(costOf(initialRunViewState)).toBeNull();
    const ended = foldEvents(initialRunViewState, normalRun);
    expect(costOf(ended)).toBe(ended.figures.usage.costUsd);
  });
});
