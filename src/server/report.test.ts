import { describe, expect, it } from 'vitest';
import type { ResearchResult } from '../contract/index.js';
import { reportMarkdown } from './report.js';

describe('the exported report', () => {
  it('shows the support rate of the answer and lists the unsupported claims', () => {
    const result = {
      status: 'completed',
      stopReason: 'evaluation_passed',
      answer: 'It is 330 m tall [1]. It is red.',
      references: [{ url: 'https://a.example/', title: 'A', quote: 'It is 330 m tall.', verified: true }],
      claims: { total: 2, supported: 1, unsupported: [{ text: 'It is red.', reason: 'cites nothing' }] },
    } as ResearchResult;
    const markdown = reportMarkdown('How tall?', result);
    expect(markdown).toContain('_1 of 2 claims supported by their quotes (50%)._');
    expect(markdown).toContain('- It is red. — _cites nothing_');
  });

  it('says nothing about claims for a run stored before they were checked', () => {
    const old = { status: 'completed', stopReason: 'evaluation_passed', answer: 'A.', references: [] };
    expect(reportMarkdown('Q', old as unknown as ResearchResult)).not.toContain('claims supported');
  });
});
