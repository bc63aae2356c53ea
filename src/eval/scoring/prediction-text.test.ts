import { describe, expect, it } from 'vitest';
import { answerText, predictionFromAnswer } from './prediction-text.js';

describe('predictionFromAnswer', () => {
  it.each([
    ['Paris [1].', 'Paris.'],
    ['It was **Marie Curie** [1, 2] who won.', 'It was Marie Curie who won.'],
    ['The [Oster River](https://example.com/oster)[^3]', 'The Oster River'],
    ['1887 [2-3]\n\n## References\n\n1. [A](https://a.example) — "quote"', '1887'],
    ['# Answer\n\n- _yes_', 'yes'],
    ['Yes. [1]\n\nThe Halden Tower is a stone watchtower [1].', 'Yes.'],
    ['snake_case_name stays', 'snake_case_name stays'],
  ])('%j → %j', (answer, prediction) => {
    expect(predictionFromAnswer(answer)).toBe(prediction);
  });

  it('gives the judge the whole answer, cleaned, its paragraphs kept', () => {
    expect(answerText('Yes. [1]\n\nThe **Halden Tower** is old [2].\n\n## References\n\n1. x')).toBe(
      'Yes.\n\nThe Halden Tower is old.',
    );
  });
});
