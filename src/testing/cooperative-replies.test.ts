import { describe, expect, it } from 'vitest';
import { spoilAnswer, UNCITED_SENTENCE } from './careless-writer.js';
import { cooperativeAnswer } from './cooperative-replies.js';
import { createFakeLlm } from './fake-llm.js';
import { researchFixtures } from './fixture-run.js';
import { honestJudgement } from './honest-judge.js';
import { cooperativeObject, cooperativeText, PAGES } from './research-fixtures.js';

const CLAIMS = [
  'The Eiffel Tower was completed in March 1889 as the entrance arch to the Exposition Universelle in Paris.',
  'It was designed by the engineering company of Gustave Eiffel.',
  'The wrought-iron lattice of the Eiffel Tower weighs about 7,300 tonnes.',
  'At 330 metres, the tower was the tallest man-made structure in the world until 1930.',
];

/** A writer prompt's `<evidence>` with one finding per claim. */
const writerPrompt = (claims: readonly string[]) =>
  `<question>\nWhat is the Eiffel Tower?\n</question>\n\n<evidence>\n${claims
    .map((claim, index) => `[F${index + 1}] ${claim}`)
    .join('\n')}\n</evidence>`;

describe('the cooperative writer', () => {
  it('writes some sentences in other words, each still citing its finding and supported by its quote', () => {
    const answer = cooperativeAnswer(writerPrompt(CLAIMS));
    const sentences = answer.match(/[^[]+\[F\d+\]\./g) ?? [];
    expect(sentences).toHaveLength(CLAIMS.length);
    const reworded = sentences.filter(
      (sentence, index) => !sentence.includes(CLAIMS[index]?.slice(0, -1) ?? ''),
    );
    expect(reworded.length).toBeGreaterThanOrEqual(2);
    sentences.forEach((sentence, index) => {
      expect(sentence).toContain(`[F${index + 1}]`);
      const text = sentence.replace(/\s*\[F\d+\]/, '').trim();
      expect(honestJudgement(text, [CLAIMS[index] ?? '']).verdict, text).toBe('supported');
    });
  });

  it('gives an engine run over the fixture pages answers the checks verify although they are reworded', async () => {
    const llm = createFakeLlm({ object: cooperativeObject(), text: cooperativeText });
    const { result } = await researchFixtures(llm);
    expect(result.stopReason).toBe('evaluation_passed');
    expect(result.claims.total).toBeGreaterThan(1);
    expect(result.claims.supported).toBe(result.claims.total);
    const pageText = Object.values(PAGES)
      .map((page) => page.text)
      .join(' ');
    const sentences = (result.answer.match(/[^.]+\.(?:\s*\[\d+\])?/g) ?? []).map((sentence) =>
      sentence.replace(/\s*\[\d+\]/, '').trim(),
    );
    expect(sentences.some((sentence) => !pageText.includes(sentence))).toBe(true);
  });
});

describe('the careless writer', () => {
  const answer = 'The tower was completed in 1889 [F1]. Its lattice weighs 7,300 tonnes [F2].';

  it('misstates the first figure of the text, never a marker', () => {
    expect(spoilAnswer(answer, 'misstate-figure')).toBe(
      'The tower was completed in 1899 [F1]. Its lattice weighs 7,300 tonnes [F2].',
    );
    expect(spoilAnswer('It has [F1] 7,300 tonnes.', 'misstate-figure')).toBe('It has [F1] 7310 tonnes.');
  });

  it('negates the first verb, or adds a sentence citing nothing', () => {
    expect(spoilAnswer(answer, 'contradict')).toMatch(/^The tower was not completed in 1889 \[F1\]\./);
    expect(spoilAnswer(answer, 'cite-nothing')).toBe(`${answer} ${UNCITED_SENTENCE}`);
  });
});
