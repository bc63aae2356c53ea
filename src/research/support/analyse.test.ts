import { describe, expect, it } from 'vitest';
import { analyse, forgetAnalyses } from './analyse.js';
import { checkClaimAgainstQuotes } from './check-claim.js';
import { warmUpSupportCheck } from './warm-up.js';

const figures = (text: string) =>
  analyse(text).figures.map(({ text: written, kind, values, units }) => ({ written, kind, values, units }));
const dates = (text: string) =>
  analyse(text).dates.map((date) => ({ text: date.text, readings: date.readings }));
const names = (text: string) => analyse(text).names.map((name) => name.text);

describe('figures as written', () => {
  it('reads separators, scales, money, units and percentages', () => {
    expect(figures('It cost $1.5 million, or 1,500,000 dollars, for 330 m and 45 per cent.')).toEqual([
      { written: '$1.5 million', kind: 'number', values: [1_500_000], units: ['dollar'] },
      { written: '1,500,000 dollars', kind: 'number', values: [1_500_000], units: ['dollar'] },
      { written: '330 m', kind: 'number', values: [330], units: ['m'] },
      { written: '45 per cent', kind: 'number', values: [45], units: ['percent'] },
    ]);
    expect(figures('€2bn and £30k')).toEqual([
      { written: '€2bn', kind: 'number', values: [2_000_000_000], units: ['euro'] },
      { written: '£30k', kind: 'number', values: [30_000], units: ['pound'] },
    ]);
  });

  it('keeps both readings of an ambiguous separator, and one of an unambiguous one', () => {
    expect(figures('1,500')[0]?.values).toEqual([1500, 1.5]);
    expect(figures('1.500.000')[0]?.values).toEqual([1_500_000]);
    expect(figures('1,234.5')[0]?.values).toEqual([1234.5]);
    expect(figures('2,5')[0]?.values).toEqual([2.5]);
  });

  it('reads years, decades, ranges, ordinals, number words and identifiers', () => {
    expect(
      figures('In 1889, the 1990s, 2018–19, the 9th, twenty-five, three hundred and twenty, F-16, COVID-19'),
    ).toEqual([
      { written: '1889', kind: 'year', values: [1889], units: [] },
      { written: '1990s', kind: 'decade', values: [1990], units: [] },
      { written: '2018', kind: 'year', values: [2018], units: [] },
      { written: '19', kind: 'year', values: [2019], units: [] },
      { written: '9th', kind: 'ordinal', values: [9], units: [] },
      { written: 'twenty-five', kind: 'number', values: [25], units: [] },
      { written: 'three hundred and twenty', kind: 'number', values: [320], units: [] },
      { written: 'F-16', kind: 'code', values: [], units: [] },
      { written: 'COVID-19', kind: 'code', values: [], units: [] },
    ]);
  });

  it('does not run separate number words together', () => {
    expect(figures('a one two punch, twenty twenty vision').map((figure) => figure.values)).toEqual([
      [1],
      [2],
      [20],
      [20],
    ]);
  });

  it('gives a range its scale and unit, and reads a clock time as no figure', () => {
    expect(figures('5-10 million at 15:30')).toEqual([
      { written: '5', kind: 'number', values: [5, 5_000_000], units: [] },
      { written: '10 million', kind: 'number', values: [10_000_000], units: [] },
    ]);
  });
});

describe('dates as written', () => {
  it('reads day-month-year in every order, with abbreviations, ordinals and two-digit years', () => {
    expect(
      dates(
        'On 20 July 1969, July 20, 1969, Oct. 1, 2018, the 12th of November, Fri 15 Feb 19 and 1969-07-20.',
      ),
    ).toEqual([
      { text: '20 July 1969', readings: [{ month: 7, day: 20, years: [1969] }] },
      { text: 'July 20, 1969', readings: [{ month: 7, day: 20, years: [1969] }] },
      { text: 'Oct. 1, 2018', readings: [{ month: 10, day: 1, years: [2018] }] },
      { text: '12th of November', readings: [{ month: 11, day: 12 }] },
      { text: '15 Feb 19', readings: [{ month: 2, day: 15, years: [1919, 2019] }] },
      { text: '1969-07-20', readings: [{ years: [1969], month: 7, day: 20 }] },
    ]);
  });

  it('reads 07/05/2020 both ways, a time after a date as no year, and "may" as a month only when it is one', () => {
    expect(dates('07/05/2020')[0]?.readings).toEqual([
      { years: [2020], month: 5, day: 7 },
      { years: [2020], month: 7, day: 5 },
    ]);
    expect(dates('Thursday 18 October 15:30')).toEqual([
      { text: '18 October', readings: [{ month: 10, day: 18 }] },
    ]);
    expect(dates('You may go. Theresa May spoke in May 2019.')).toEqual([
      { text: 'May 2019', readings: [{ month: 5, years: [2019] }] },
    ]);
  });
});

describe('names as written', () => {
  it('joins initials, small inner words and hyphens, and drops titles and sentence openers', () => {
    expect(
      names('After the vote, Judge Thomas K. Arnold met the Bank of England and Ibero-American delegates.'),
    ).toEqual(['Judge Thomas K. Arnold', 'Bank of England', 'Ibero-American']);
    expect(analyse('Judge Thomas K. Arnold spoke.').names[0]?.words).toEqual(['thomas', 'arnold']);
  });

  it('reads a name at the start of a sentence, and not the weekdays, months or figures', () => {
    expect(names('Arnold spoke on Monday, 3 May 2021, about COVID-19.')).toEqual(['Arnold']);
  });
});

describe('analyses kept by text', () => {
  it('reads a quote once while it is in use, and a hostile page every time', () => {
    const quote = 'The tower was completed in 1889 and stands 330 metres high.';
    const first = analyse(quote);
    // The same object: its tags and structure, read once, are kept with it.
    expect(analyse(quote)).toBe(first);
    forgetAnalyses();
    const again = analyse(quote);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    const page = 'A long page of words. '.repeat(300);
    expect(analyse(page)).not.toBe(analyse(page));
  });
});

describe('warmUpSupportCheck', () => {
  it('may be called at once from several places, and the check reads relations after it', async () => {
    await Promise.all([warmUpSupportCheck(), warmUpSupportCheck()]);
    const check = checkClaimAgainstQuotes('Construction of the tower was completed in 1887.', [
      'Construction of the tower began in 1887 and was completed in 1889.',
    ]);
    expect(check.ok).toBe(false);
  });
});
