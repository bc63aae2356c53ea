import { describe, expect, it } from 'vitest';
import { buildRunOptions } from './run-options.js';

const empty = {
  model: '',
  preset: '' as const,
  search: [],
  report: false,
  boostHosts: '',
  excludeHosts: '',
  onlyHosts: '',
};

describe('buildRunOptions', () => {
  it('leaves everything the person did not choose to the server', () => {
    expect(buildRunOptions(empty)).toEqual({ report: false });
  });

  it('turns the form into research options: preset budget, providers, report and host lists', () => {
    expect(
      buildRunOptions({
        model: ' ollama:llama3.1 ',
        preset: 'quick',
        search: ['wikipedia', 'arxiv'],
        report: true,
        boostHosts: 'en.wikipedia.org, arxiv.org',
        excludeHosts: 'spam.example\nads.example',
        onlyHosts: ' ',
      }),
    ).toEqual({
      model: 'ollama:llama3.1',
      tokenBudget: 50_000,
      maxSteps: 8,
      maxAnswerAttempts: 2,
      search: ['wikipedia', 'arxiv'],
      report: true,
      boostHosts: ['en.wikipedia.org', 'arxiv.org'],
      excludeHosts: ['spam.example', 'ads.example'],
    });
  });

  it('names ticked corpora by id, and the web only with a corpus', () => {
    expect(buildRunOptions({ ...empty, corpora: ['project'], web: true })).toEqual({
      report: false,
      corpora: ['project'],
      web: true,
    });
    expect(buildRunOptions({ ...empty, corpora: ['project'] })).toEqual({
      report: false,
      corpora: ['project'],
    });
    expect(buildRunOptions({ ...empty, corpora: [], web: true })).toEqual({ report: false });
  });
});
