import { describe, expect, it } from 'vitest';
import { conflictNotes } from './conflicts.js';
import { conflictRun, findingsRun, findingsRunAnswer, heightConflict } from './fixtures/index.js';
import { foldEvents, initialRunViewState } from './run.js';

describe('conflicts between sources in the run view', () => {
  it('come from run-end, each with its values cited and the answer sentences that cite them', () => {
    const view = foldEvents(initialRunViewState, conflictRun);
    expect(view.answer).toBe(findingsRunAnswer);
    expect(view.conflicts).toEqual([heightConflict]);
    expect(conflictNotes(view.conflicts, view.references, view.claimVerdicts)).toEqual([
      {
        text: 'The Lakhta Center is … tall: 462 metres [1], 452 m (https://other.example/lakhta)',
        claims: ['The tallest building in Europe is the **Lakhta Center** at 462 m.'],
      },
    ]);
  });

  it('are none for a run whose sources agree', () => {
    const view = foldEvents(initialRunViewState, findingsRun);
    expect(view.conflicts).toEqual([]);
    expect(conflictNotes(view.conflicts, view.references, view.claimVerdicts)).toEqual([]);
  });
});
