import { describe, expect, it } from 'vitest';
import { type Piece, render } from './render-answer.js';

describe('rendering a checked answer', () => {
  it('marks a sentence nobody checked as unchecked, and a judged one as checked', () => {
    const pieces: Piece[] = [
      {
        kind: 'sentence',
        text: 'The tower is tall.',
        sentence: {
          number: 1,
          text: 'The tower is tall.',
          cited: [],
          judgement: { verdict: 'unsupported', reason: 'no citation' },
        },
      },
      { kind: 'text', text: ' ' },
      {
        kind: 'sentence',
        text: 'It opened in 1889.',
        sentence: { number: 2, text: 'It opened in 1889.', cited: [], unchecked: 'not checked: cancelled' },
      },
    ];
    const { claims } = render(pieces, 10);
    expect(claims.map((claim) => claim.verdict)).toEqual(['unsupported', 'unchecked']);
    expect(claims[1]?.reason).toBe('not checked: cancelled');
  });
});
