import { describe, expect, it } from 'vitest';
import { research } from '../research/index.js';
import { createFakeLlm } from './fake-llm.js';
import { createFakeReader } from './fake-reader.js';
import { createFakeSearch } from './fake-search.js';
import { honestJudgement, honestVerdicts } from './honest-judge.js';
import { cooperativeObject, HEIGHT_PLAN, PAGES, QUESTION, READY, RESULTS } from './research-fixtures.js';

const QUOTE = 'The tower is 330 metres tall and was completed in 1889.';

describe('honestJudgement', () => {
  it('supports a sentence its quote states, written another way', () => {
    expect(honestJudgement('The tower, completed in 1889, is 330 m tall.', [QUOTE]).verdict).toBe(
      'supported',
    );
  });

  it('rejects a misstated figure or date with the mechanical check’s reason', () => {
    const judgement = honestJudgement('The tower is 300 metres tall and was completed in 1899.', [QUOTE]);
    expect(judgement.verdict).toBe('unsupported');
    expect(judgement.reason).toMatch(/300 metres/);
    expect(judgement.reason).toMatch(/1899/);
  });

  it('rejects a sentence whose figures are in the quote but whose words are not', () => {
    const judgement = honestJudgement('In 1889 the 330 workers of the tower went on strike for better pay.', [
      QUOTE,
    ]);
    expect(judgement).toEqual({ verdict: 'unsupported', reason: expect.stringMatching(/content words/) });
  });

  it('rejects a sentence that contradicts its quote', () => {
    expect(honestJudgement('The tower was not completed in 1889.', [QUOTE]).verdict).toBe('unsupported');
  });

  it('rejects a negation its quote lacks even in other words, and keeps one its quote states', () => {
    const reworded = honestJudgement('The tower was never finished in 1889 and is 330 m tall.', [QUOTE]);
    expect(reworded).toEqual({ verdict: 'unsupported', reason: expect.stringMatching(/"never"/) });
    const negative = 'The tower was not painted red in 1889, when it was 330 metres tall.';
    expect(honestJudgement('In 1889 the tower was not painted red.', [negative]).verdict).toBe('supported');
  });

  it('calls an uncited sentence not factual only when it states no figure, date or name', () => {
    expect(honestJudgement('The sources agree on this point.', []).verdict).toBe('not_factual');
    expect(honestJudgement('It is repainted every 7 years at a cost of 4 million euros.', []).verdict).toBe(
      'unsupported',
    );
  });
});

describe('honestVerdicts', () => {
  it('answers the judge prompt in the cooperative judge’s shape, one verdict per numbered sentence', () => {
    const prompt = [
      'Today is 2025-01-01.',
      '<question>\nHow tall is the Eiffel Tower?\n</question>',
      '<findings>',
      `1. The tower is 330 metres tall.\n   F1: "${QUOTE}"`,
      `2. The tower is 512 metres tall.\n   F1: "${QUOTE}"\n   F2: "The Eiffel Tower is a wrought-iron lattice tower in Paris."`,
      '3. It is repainted every 7 years.\n   (cites nothing)',
      '</findings>',
    ].join('\n');
    expect(honestVerdicts(prompt)).toEqual({
      verdicts: [
        { claim: 1, verdict: 'supported', reason: expect.any(String) },
        { claim: 2, verdict: 'unsupported', reason: expect.stringMatching(/512 metres/) },
        { claim: 3, verdict: 'unsupported', reason: expect.stringMatching(/cites no quote/) },
      ],
    });
  });

  it('lets the engine flag a misstated figure that the cooperative judge would have verified', async () => {
    const finding = {
      source: 1,
      subQuestion: 'q1',
      claim: 'The tower is 330 metres tall.',
      quotes: [QUOTE],
    };
    const llm = createFakeLlm({
      object: cooperativeObject({
        plan: () => HEIGHT_PLAN,
        action: (step) =>
          step === 0
            ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
            : { think: 'Done.', action: READY },
        findings: () => ({ findings: [finding] }),
        verdicts: (call) => honestVerdicts(call.prompt),
        revisions: () => ({ revisions: [] }),
      }),
      text: () => 'The tower is 300 metres tall [F1]. It was completed in 1889 [F1].',
    });
    const result = await research(
      { question: QUESTION },
      { llm, searchProviders: [createFakeSearch(RESULTS)], reader: createFakeReader(PAGES) },
    );
    expect(result.claims?.unsupported).toEqual([
      expect.objectContaining({
        text: expect.stringContaining('300 metres'),
        reason: expect.stringMatching(/300 metres/),
      }),
    ]);
    expect(result.claims?.supported).toBe(1);
  });
});
