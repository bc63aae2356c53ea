import { describe, expect, it } from 'vitest';
import { paraphrase } from './paraphrase.js';

describe('paraphrase', () => {
  it('puts the attribution in front of a sentence that opens with a common word, lower-cased', () => {
    expect(paraphrase('It was designed by the engineering company of Gustave Eiffel')).toBe(
      'According to its source, it was designed by the engineering company of Gustave Eiffel',
    );
  });

  it('puts it behind a sentence whose first word may be a name, which keeps its capital', () => {
    expect(paraphrase('Our HTTP client retries a failed request twice before it gives up')).toBe(
      'Our HTTP client retries a failed request twice before it gives up, according to its source',
    );
    expect(paraphrase('Gustave Eiffel built the tower for the Exposition Universelle in Paris')).toBe(
      'Gustave Eiffel built the tower for the Exposition Universelle in Paris, according to its source',
    );
  });

  it('rewrites figures and words instead when it can, and leaves a short sentence as it is', () => {
    expect(paraphrase('At 330 metres, the tower was the tallest')).toBe(
      'At 330 m, the tower was the highest',
    );
    expect(paraphrase('Our client retries twice')).toBe('Our client retries twice');
  });
});
