import { describe, expect, it } from 'vitest';
import { checkClaimAgainstQuotes } from './index.js';

/** 100 KB of text shaped to make a careless tokenizer, regular expression or pairwise loop blow up. */
const SIZE = 100_000;
const shapes: Record<string, string> = {
  digits: '1'.repeat(SIZE),
  separators: '1,'.repeat(SIZE / 2),
  groups: '1.000'.repeat(SIZE / 5),
  hyphens: 'A-'.repeat(SIZE / 2),
  apostrophes: "a'".repeat(SIZE / 2),
  quotes: '"'.repeat(SIZE),
  spaces: `${' '.repeat(SIZE - 1)}[`,
  markers: '[F1, '.repeat(SIZE / 5),
  names: 'John Smith of the '.repeat(SIZE / 18),
  dates: '20 July 1969, 07/05/2020 '.repeat(SIZE / 25),
  weekdays: 'Wednesday 2 March 2017 three yesterday 9 May 1945 '.repeat(SIZE / 50),
  negations: 'not first last '.repeat(SIZE / 15),
  units: '5 per cent 330-metre $4m 2018-19 1990s '.repeat(SIZE / 40),
  scripts: 'Zürich Ωμέγα 東京 '.repeat(SIZE / 16),
};

describe('checkClaimAgainstQuotes on hostile input', () => {
  for (const [shape, text] of Object.entries(shapes)) {
    it(`returns a verdict on 100 KB of ${shape}, as the sentence and as the quote`, {
      timeout: 60_000,
    }, () => {
      const asSentence = checkClaimAgainstQuotes(
        text,
        [text.slice(0, SIZE / 2), 'A plain clause of a page.'],
        {
          question: text.slice(0, 2_000),
        },
      );
      const asQuote = checkClaimAgainstQuotes('The tower is 330 metres tall and opened in 1889.', [text]);
      expect(typeof asSentence.ok).toBe('boolean');
      expect(asQuote.ok).toBe(false);
    });
  }
});
