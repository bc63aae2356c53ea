import { describe, expect, it } from 'vitest';
import type { ResearchResult } from '../contract/index.js';
import { resultToJson } from './format.js';

const result: ResearchResult = {
  runId: 'r',
  question: 'q',
  status: 'completed',
  stopReason: 'evaluation_passed',
  answer: 'It is 330 m tall [1]. It is 500 m tall.',
  references: [
    { url: 'https://a.example/', title: 'A', quote: 'It is 330 m tall.', verified: true, findingId: 'F1' },
  ],
  claims: {
    total: 2,
    supported: 1,
    unsupported: [{ text: 'It is 500 m tall.', reason: 'The quotes do not say this.' }],
  },
  words: 10,
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2, costUsd: null },
  llmCalls: 1,
  steps: 1,
  durationMs: 5,
};

describe('result formats', () => {
  it('gives a computed reference its program, inputs and output in --json', () => {
    const computation = {
      language: 'javascript' as const,
      program: 'return 1 + 1;',
      inputs: ['F1'],
      output: '2',
    };
    const computed: ResearchResult = {
      ...result,
      answer: 'It is 2 [1].',
      references: [
        {
          url: 'compute:F2',
          title: 'Computation: a sum',
          quote: 'return 1 + 1;\n⇒ 2',
          verified: true,
          findingId: 'F2',
          computation,
        },
      ],
    };
    expect(resultToJson(computed).references[0]).toMatchObject({ url: 'compute:F2', computation });
  });

  it('puts claims and words in the --json result, references without internal ids', () => {
    const json = resultToJson(result);
    expect(json.claims).toEqual(result.claims);
    expect(json.words).toBe(10);
    expect(Object.keys(json.references[0] ?? {}).sort()).toEqual(['quote', 'title', 'url', 'verified']);
  });

  it("gives each web page's credibility in the --json references", () => {
    const credibility = {
      score: 0.85,
      kind: 'documentation' as const,
      reasons: ['documentation host (docs.)', 'HTTPS'],
    };
    const json = resultToJson({
      ...result,
      references: [{ ...(result.references[0] as ResearchResult['references'][number]), credibility }],
    });
    expect(json.references[0]).toMatchObject({ url: 'https://a.example/', credibility });
  });

  it('lists the images of the pages read in the --json result, and nothing when there were none', () => {
    const images = [
      {
        url: 'https://a.example/tower.jpg',
        alt: 'The tower at night',
        width: 800,
        sourceUrl: 'https://a.example/',
        sourceTitle: 'A',
        references: [1],
      },
    ];
    expect(resultToJson({ ...result, images }).images).toEqual(images);
    expect(resultToJson(result)).not.toHaveProperty('images');
  });

  it('lists the conflicts between sources in --json', () => {
    const conflicts = [
      {
        subQuestion: 'q1',
        about: 'It is … tall',
        values: [
          { value: '330 m', findingIds: ['F1'], urls: ['https://a.example/'] },
          { value: '300 m', findingIds: ['F7'], urls: ['https://b.example/'] },
        ],
      },
    ];
    const differing = { ...result, conflicts };
    expect(resultToJson(differing).conflicts).toEqual(conflicts);
    expect(resultToJson(result)).not.toHaveProperty('conflicts');
  });

  it('lists the sub-questions and their outcomes in --json', () => {
    const withOutcomes: ResearchResult = {
      ...result,
      status: 'best_effort',
      subQuestions: [
        { id: 'q1', text: 'How tall is it?', intent: 'fact-check', outcome: 'covered' },
        {
          id: 'q2',
          text: 'Who paid for it?',
          intent: 'explore',
          origin: 'critique',
          outcome: 'open',
          note: 'no finding',
        },
        {
          id: 'q3',
          text: 'What did it cost in 2020?',
          intent: 'deep-dive',
          outcome: 'unanswerable',
          note: 'cannot be answered from available sources: no page gives a figure',
        },
      ],
    };
    expect(resultToJson(withOutcomes).subQuestions).toEqual(withOutcomes.subQuestions);
    expect(resultToJson(result)).not.toHaveProperty('subQuestions');
  });
});

describe('follow-up questions in --json', () => {
  it('are listed, and left out when there are none', () => {
    const followed: ResearchResult = { ...result, followUps: ['What did it cost?', 'Who built it?'] };
    expect(resultToJson(followed).followUps).toEqual(['What did it cost?', 'Who built it?']);
    expect(resultToJson(result)).not.toHaveProperty('followUps');
  });
});
