import { describe, expect, it } from 'vitest';
import { locateSentences, renderedText } from './claim-marks.js';
import { evaluationReducer, initialEvaluationState } from './evaluation.js';
import { findingsRun, findingsRunAnswer } from './fixtures/index.js';
import { foldEvents, initialRunViewState } from './run.js';
import { initialSourcesState, sourcesReducer } from './sources.js';
import { initialTimelineState, timelineReducer } from './timeline.js';

describe('findings and checked claims in the run view', () => {
  it('gives the final answer its support rate and the verdict of each sentence', () => {
    const view = foldEvents(initialRunViewState, findingsRun);
    expect(view.answer).toBe(findingsRunAnswer);
    expect(view.claims).toEqual({
      total: 2,
      supported: 1,
      unsupported: [{ text: 'It cost *exactly* 1.7 billion euros.', reason: 'No quote gives the cost.' }],
    });
    expect(view.claimVerdicts.map((claim) => claim.verdict)).toEqual(['supported', 'unsupported']);
  });

  it('clears the verdicts when a new draft arrives until its claims are checked', () => {
    const draftIndex = findingsRun.findIndex((event) => event.type === 'answer-draft');
    const view = foldEvents(initialRunViewState, findingsRun.slice(0, draftIndex + 1));
    expect(view.answerAttempt).toBe(1);
    expect(view.claims).toBeUndefined();
    expect(foldEvents(view, findingsRun.slice(draftIndex + 1, draftIndex + 2)).claims?.supported).toBe(1);
  });

  it('keeps a stored run without claims readable', () => {
    const old = findingsRun.map((event) => {
      if (event.type !== 'run-end') return event;
      const { claims: _claims, words: _words, ...rest } = event;
      return rest as typeof event;
    });
    const view = foldEvents(
      initialRunViewState,
      old.filter((event) => event.type !== 'verification'),
    );
    expect(view.answerIsFinal).toBe(true);
    expect(view.claims).toBeUndefined();
    expect(view.claimVerdicts).toEqual([]);
  });

  it('lists the findings of each page and the claims of each attempt', () => {
    const sources = findingsRun.reduce(sourcesReducer, initialSourcesState);
    expect(sources.entries.map((entry) => [entry.url, entry.findings.map((finding) => finding.id)])).toEqual([
      ['https://example.org/towers', ['F1']],
      ['https://news.example.com/lakhta', ['F2']],
    ]);
    const evaluation = findingsRun.reduce(evaluationReducer, initialEvaluationState);
    expect(evaluation.attempts[0]?.claims?.summary.supported).toBe(1);
    const timeline = findingsRun.reduce(timelineReducer, initialTimelineState);
    expect(timeline.entries.find((entry) => entry.step === 2)?.observations).toContain(
      'Checked the claims of answer #1: 1 of 2 claims supported by their quotes (50%).',
    );
  });
});

describe('marking sentences in the rendered answer', () => {
  it('reads a claim as rendered: no emphasis marks, link text only', () => {
    expect(renderedText('It cost *exactly* 1.7 **billion** [euros](https://x.example).')).toBe(
      'It cost exactly 1.7 billion euros.',
    );
  });

  it('finds a sentence across text nodes and whitespace', () => {
    const nodes = [
      'The tallest is the ',
      'Lakhta Center',
      ' at 462 m ',
      '[1]',
      '. It cost ',
      'exactly',
      '\n 1.7 billion euros.',
    ];
    const [span] = locateSentences(nodes, ['It cost *exactly* 1.7 billion euros.']);
    expect(span).toEqual({ start: { node: 4, offset: 2 }, end: { node: 6, offset: 20 } });
    expect(locateSentences(nodes, ['Not in the answer.'])).toEqual([]);
  });
});
