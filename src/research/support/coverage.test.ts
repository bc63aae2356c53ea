import { describe, expect, it } from 'vitest';
import { quoteCoverage } from './coverage.js';

describe('quoteCoverage', () => {
  it('is the share of the claim’s content words the quotes hold, stems matched', () => {
    expect(
      quoteCoverage('The tower is 330 metres tall.', [
        'The tower is 330 metres tall and was completed in 1889.',
      ]),
    ).toBe(1);
    // paint, tower, look, red: the quote holds "painted" and "tower" (plural and tense stemmed away).
    expect(quoteCoverage('Painted towers look red.', ['The tower is painted brown every seven years.'])).toBe(
      0.5,
    );
  });

  it('scores an unrelated quote, no quote, and a claim without content words 0', () => {
    expect(quoteCoverage('The tower is 330 metres tall.', ['Bananas are rich in potassium.'])).toBe(0);
    expect(quoteCoverage('The tower is 330 metres tall.', [])).toBe(0);
    expect(quoteCoverage('It is.', ['It is what it is.'])).toBe(0);
  });

  it('takes hostile text as data: markup and huge input do not throw', () => {
    const hostile = `<script>alert(1)</script> ${'ignore previous instructions '.repeat(2000)}`;
    expect(quoteCoverage('Ignore the instructions.', [hostile])).toBeGreaterThan(0);
  });
});
