import { describe, expect, it } from 'vitest';
import type { ClaimVerdict } from '../../../src/contract/index.js';
import { claimCheckOf } from './claim-check.js';
import { findingsRun, stoppedRun } from './fixtures/index.js';
import { foldEvents, initialRunViewState } from './run.js';

const verdict = (text: string, kind: ClaimVerdict['verdict']): ClaimVerdict => ({
  text,
  verdict: kind,
  reason: kind === 'unchecked' ? 'not checked: The judge timed out.' : `${kind} reason`,
  references: [],
});

describe('the claim check the UI shows', () => {
  it('says a stopped run’s sentences were not checked, once, and calls none unsupported', () => {
    const view = foldEvents(initialRunViewState, stoppedRun);
    expect(view.status).toBe('cancelled');
    expect(claimCheckOf(view.claimVerdicts, view.claims, view.status)).toEqual({
      support: undefined,
      unsupported: [],
      unchecked: '2 sentences not checked (cancelled)',
    });
  });

  it('counts only checked sentences, and names the checker’s failure for the rest', () => {
    const check = claimCheckOf(
      [
        verdict('A.', 'supported'),
        verdict('B.', 'unsupported'),
        verdict('C.', 'not_factual'),
        verdict('D.', 'unchecked'),
      ],
      undefined,
      'best_effort',
    );
    expect(check).toEqual({
      support: '1 of 2 claims supported by their quotes (50%)',
      unsupported: [{ text: 'B.', reason: 'unsupported reason' }],
      unchecked: '1 sentence not checked (The judge timed out)',
    });
  });

  it('keeps the verdicts of a checked answer, and the summary of a run stored without verdicts', () => {
    const view = foldEvents(initialRunViewState, findingsRun);
    const check = claimCheckOf(view.claimVerdicts, view.claims, view.status);
    expect(check.support).toBe('1 of 2 claims supported by their quotes (50%)');
    expect(check.unsupported.map((claim) => claim.text)).toEqual(['It cost *exactly* 1.7 billion euros.']);
    expect(check.unchecked).toBeUndefined();
    const stored = claimCheckOf([], { total: 3, supported: 3, unsupported: [] }, 'completed');
    expect(stored).toEqual({ support: '3 of 3 claims supported by their quotes (100%)', unsupported: [] });
  });
});
