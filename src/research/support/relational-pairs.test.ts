import { describe, expect, it } from 'vitest';
import { RELATIONAL_PAIRS } from '../../testing/relational-pairs.js';
import { checkClaimAgainstQuotes } from './index.js';

// The fixture says which sentence of each pair is true; the check must agree on both.
describe('checkClaimAgainstQuotes on relational pairs (a true and a false sentence over the same quotes)', () => {
  it.each(RELATIONAL_PAIRS.map((pair) => [pair.kind, pair]))('%s: %j', (_, pair) => {
    expect(checkClaimAgainstQuotes(pair.true, pair.quotes).problems).toEqual([]);
    expect(checkClaimAgainstQuotes(pair.false, pair.quotes).ok).toBe(false);
  });

  it('covers every kind of relation the fixture names, several pairs for most', () => {
    const counts = new Map<string, number>();
    for (const pair of RELATIONAL_PAIRS) counts.set(pair.kind, (counts.get(pair.kind) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(12);
    expect(RELATIONAL_PAIRS.length).toBeGreaterThanOrEqual(30);
  });

  it('names the relation a false sentence gets wrong', () => {
    const reason = (claim: string, quotes: string[]) =>
      checkClaimAgainstQuotes(claim, quotes).problems.map((problem) => problem.rule ?? problem.kind);
    expect(reason('Unemployment fell by 7% in 2020.', ['Unemployment fell to 7% in 2020.'])).toEqual([
      'preposition',
    ]);
    expect(reason('Lyon is larger than Marseille.', ['Marseille is larger than Lyon.'])).toEqual(['roles']);
    expect(
      reason('The bridge cost $40 million.', ['The bridge opened in 1932.', 'The tunnel cost $40 million.']),
    ).toEqual(['subject']);
  });
});
