import { describe, expect, it } from 'vitest';
import type { Finding } from '../../contract/index.js';
import { selectEvidence } from './select-evidence.js';

function finding(
  id: number,
  subQuestionId: string,
  url: string,
  claim = `Claim ${id} says ${id * 11} things.`,
): Finding {
  return {
    id: `F${id}`,
    claim,
    quotes: [{ text: `Quote ${id} with words.`, location: { kind: 'chars', start: 0, end: 10 } }],
    source: { url, title: url },
    subQuestionId,
  };
}

const plan = [
  { id: 'q1', text: 'One?', status: 'closed' as const },
  { id: 'q2', text: 'Two?', status: 'open' as const },
  { id: 'q3', text: 'Three?', status: 'open' as const },
];
const cost = () => 10;
const chosenIds = (selection: ReturnType<typeof selectEvidence>) =>
  selection.groups.map((group) => group.chosen.map((entry) => entry.finding.id));

describe('selectEvidence', () => {
  it('represents every sub-question, closed ones too, before any takes more than its share', () => {
    const findings = [
      ...Array.from({ length: 20 }, (_, index) => finding(index + 1, 'q1', `https://a${index}.example/`)),
      finding(21, 'q2', 'https://b.example/'),
      finding(22, 'q3', 'https://c.example/'),
    ];
    const selection = selectEvidence({ findings, subQuestions: plan, budgetTokens: 60, cost });
    const ids = chosenIds(selection);
    expect(ids[1]).toEqual(['F21']);
    expect(ids[2]).toEqual(['F22']);
    expect(ids[0]).toHaveLength(4);
    expect(selection.tokens).toBeLessThanOrEqual(60);
    expect(selection.groups[0]?.overflow).toHaveLength(16);
  });

  it('lets sources take turns and none take more than its share of the budget', () => {
    const findings = [
      ...Array.from({ length: 6 }, (_, index) => finding(index + 1, 'q2', 'https://big.example/')),
      finding(7, 'q2', 'https://small.example/'),
    ];
    const selection = selectEvidence({
      findings,
      subQuestions: plan,
      budgetTokens: 100,
      cost,
      sourceShare: 0.3,
    });
    expect(chosenIds(selection)[1]).toEqual(['F1', 'F7', 'F2', 'F3']);
  });

  it('merges a repeated quote and a near-identical claim, but not claims that differ in a figure', () => {
    const same = { ...finding(2, 'q2', 'https://b.example/'), quotes: finding(1, 'q2', 'x').quotes };
    const reworded = finding(3, 'q2', 'https://c.example/', 'Claim 1 says 11 things.');
    const otherFigure = finding(4, 'q2', 'https://d.example/', 'Claim 1 says 12 things.');
    const selection = selectEvidence({
      findings: [finding(1, 'q2', 'https://a.example/'), same, reworded, otherFigure],
      subQuestions: plan,
      budgetTokens: 100,
      cost,
    });
    expect(selection.groups[1]?.chosen.map((entry) => [entry.finding.id, entry.merged])).toEqual([
      ['F1', ['F2', 'F3']],
      ['F4', []],
    ]);
  });
});
