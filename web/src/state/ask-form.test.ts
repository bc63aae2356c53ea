import { describe, expect, it } from 'vitest';
import { buildRunOptions } from '../components/run-options.js';
import { type AskFormAction, askFormReducer, canStart, initialAskForm } from './ask-form.js';

const play = (...actions: AskFormAction[]) => actions.reduce(askFormReducer, initialAskForm);

describe('the ask form state', () => {
  it('starts only with a question and only once at a time, and clears the last error on a start', () => {
    expect(canStart(play({ type: 'type', field: 'question', value: '   ' }))).toBe(false);
    const failed = play(
      { type: 'type', field: 'question', value: 'Why?' },
      { type: 'start' },
      { type: 'failed', message: 'model is not allowed' },
    );
    expect(failed).toMatchObject({ busy: false, error: 'model is not allowed' });
    const busy = askFormReducer(failed, { type: 'start' });
    expect(busy).toMatchObject({ busy: true, error: '' });
    expect(canStart(busy)).toBe(false);
    expect(askFormReducer(busy, { type: 'start' })).toBe(busy);
    expect(askFormReducer(busy, { type: 'started' }).busy).toBe(false);
  });

  it('offers "also the web" only with a corpus, and drops it with the last corpus', () => {
    expect(play({ type: 'toggle-web' }).web).toBe(false);
    const both = play({ type: 'toggle-corpus', id: 'repo' }, { type: 'toggle-web' });
    expect(both).toMatchObject({ corpora: ['repo'], web: true });
    expect(askFormReducer(both, { type: 'toggle-corpus', id: 'repo' })).toMatchObject({
      corpora: [],
      web: false,
    });
  });

  it('turns what was chosen into the options the server validates', () => {
    const form = play(
      { type: 'type', field: 'question', value: 'How does the router match?' },
      { type: 'preset', preset: 'quick' },
      { type: 'report', report: true },
      { type: 'toggle-search', provider: 'wikipedia' },
      { type: 'toggle-search', provider: 'arxiv' },
      { type: 'toggle-search', provider: 'wikipedia' },
      { type: 'type', field: 'boostHosts', value: 'arxiv.org, en.wikipedia.org' },
      { type: 'toggle-corpus', id: 'repo' },
      { type: 'toggle-web' },
    );
    expect(buildRunOptions(form)).toMatchObject({
      report: true,
      search: ['arxiv'],
      boostHosts: ['arxiv.org', 'en.wikipedia.org'],
      corpora: ['repo'],
      web: true,
      maxSteps: expect.any(Number),
    });
  });
});
