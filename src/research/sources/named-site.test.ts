import { describe, expect, it } from 'vitest';
import { siteNamer } from './named-site.js';

const python = { host: 'docs.python.org', bareHost: 'docs.python.org', site: 'python' };
const bbc = { host: 'www.bbc.co.uk', bareHost: 'bbc.co.uk', site: 'bbc' };

describe('siteNamer', () => {
  it("names a site by its host in the question's text or its own name among the question's words, per question", () => {
    const asksPython = 'What changed in Python 3.13?';
    const asksBbc = 'What did bbc.co.uk report on the vote?';
    expect(siteNamer(asksPython)(python)).toBe(true);
    expect(siteNamer(asksPython)(bbc)).toBe(false);
    // The verdict kept for one question is not another's, however they take turns.
    for (let turn = 0; turn < 3; turn += 1) {
      expect(siteNamer(asksBbc)(python)).toBe(false);
      expect(siteNamer(asksBbc)(bbc)).toBe(true);
      expect(siteNamer(asksPython)(python)).toBe(true);
    }
    for (let other = 0; other < 40; other += 1)
      expect(siteNamer(`Question ${other} about python`)(bbc)).toBe(false);
    expect(siteNamer(asksBbc)(bbc)).toBe(true);
    expect(siteNamer(asksBbc)({ host: '', bareHost: '', site: '' })).toBe(false);
    // Facts that cannot keep the verdict (frozen) are judged afresh, for each question.
    const frozen = Object.freeze({ ...bbc });
    expect(siteNamer(asksBbc)(frozen)).toBe(true);
    expect(siteNamer(asksPython)(frozen)).toBe(false);
  });
});
