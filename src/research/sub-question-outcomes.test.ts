import { describe, expect, it } from 'vitest';
import { createFakeLlm } from '../testing/fake-llm.js';
import { researchFixtures } from '../testing/fixture-run.js';
import { cooperativeObject, cooperativeText } from '../testing/research-fixtures.js';

const SEARCH_HEIGHT = {
  think: 'The height first.',
  action: { type: 'search', queries: ['eiffel tower height'], subQuestion: 'q1' },
};
const READ_EIFFEL = { think: 'Read it.', action: { type: 'read', urls: ['https://example.com/eiffel'] } };

async function outcomes(actions: unknown[], maxSteps: number) {
  const llm = createFakeLlm({
    object: cooperativeObject({ action: (step) => actions[Math.min(step, actions.length - 1)] }),
    text: cooperativeText,
  });
  const { result } = await researchFixtures(llm, { maxSteps });
  return result.subQuestions ?? [];
}

describe('what an open sub-question says it lacks', () => {
  it('"not searched yet" when the run ended before anything was searched for it', async () => {
    // The plan has q1 (height) and q2 (completion); the steps run out after q1's search.
    const subQuestions = await outcomes([SEARCH_HEIGHT, READ_EIFFEL], 1);
    expect(subQuestions.map((item) => [item.id, item.outcome, item.note])).toEqual([
      ['q1', 'open', 'no finding'],
      ['q2', 'open', 'not searched yet'],
    ]);
  });

  it('"no finding" when it was searched for in vain', async () => {
    const searchBoth = {
      think: 'Both.',
      action: { type: 'search', queries: ['eiffel tower completion'], subQuestion: 'q2' },
    };
    const subQuestions = await outcomes([SEARCH_HEIGHT, searchBoth, READ_EIFFEL], 2);
    const q2 = subQuestions.find((item) => item.id === 'q2');
    expect(q2?.outcome).toBe('open');
    expect(q2?.note).toBe('no finding');
  });
});
