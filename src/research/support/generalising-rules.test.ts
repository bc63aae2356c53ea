import { describe, expect, it } from 'vitest';
import { checkClaimAgainstQuotes, type SupportCheck } from './index.js';

const kinds = (check: SupportCheck) => check.problems.map((problem) => problem.kind);
/** Without the allowance for one added name or year, so that a test sees the rule it is about. */
const strict = { tuning: { partialMinFound: 0 } };

describe('names: what identifies the thing named', () => {
  it('covers a name of several words by its head, not by a word that only qualifies it', () => {
    const quote = 'There is normally Tomas as well, but he is away; he normally plays cello.';
    // "Tomas" is someone; "Tomas Berger" is one particular Tomas the quote never names.
    expect(checkClaimAgainstQuotes('Tomas Berger plays the cello.', [quote]).problems).toEqual([
      expect.objectContaining({ kind: 'name', text: 'Tomas Berger' }),
    ]);
    expect(
      kinds(
        checkClaimAgainstQuotes('The match was played in Elmwood Park.', [
          'Fans of Elmwood, the striker, filled the stadium for the match.',
        ]),
      ),
    ).toEqual(['name']);
    // The head found: a surname covers the person, a regnal number aside.
    expect(
      checkClaimAgainstQuotes('Maria Elena Castillo chairs the planning board.', [
        'Councillor Castillo chairs the planning board of the Northern District of Tarsen County.',
      ]).ok,
    ).toBe(true);
    expect(
      checkClaimAgainstQuotes('Louis IX founded the hospital in 1260.', [
        'The hospital was founded by King Louis in 1260 for the blind.',
      ]).ok,
    ).toBe(true);
    // With "of" inside, any word of the name covers it, as before: "Museum of Lisbon".
    expect(
      checkClaimAgainstQuotes('The Museum of Lisbon reopened its east wing.', [
        'Lisbon reopened the east wing of its museum on Monday, the city said.',
      ]).ok,
    ).toBe(true);
  });

  it('never takes a name the quotes give with another head for context the sentence adds', () => {
    const quotes = [
      'In 2004 the engineer and his sister, a pharmacist, signed a charter titled Carta 2004 in Tarsen.',
      'His sister, Ana Ruiz, said the trust had dug its first well that spring.',
    ];
    // Every other fact is held: "Ana Ruiz Vega" would pass as an added name, but the quotes name her
    // otherwise.
    const check = checkClaimAgainstQuotes(
      'In 2004 he and his sister, a pharmacist named Ana Ruiz Vega, signed Carta 2004 in Tarsen.',
      quotes,
    );
    expect(check.problems).toEqual([expect.objectContaining({ kind: 'name', text: 'Ana Ruiz Vega' })]);
    // A name the quotes do not write at all is still context the writer may add.
    expect(
      checkClaimAgainstQuotes(
        'In 2004 he and his sister, a pharmacist from the Delmar Province, signed Carta 2004 in Tarsen.',
        quotes,
      ).ok,
    ).toBe(true);
  });

  it('never takes a name the sentence lists with others for context it adds', () => {
    const quotes = ['Maya Lind, Oskar Brandt and Pia Kovac wrote the first release of the library in 2011.'];
    const listed = checkClaimAgainstQuotes(
      'Its authors include Maya Lind, Jonas Weber, Oskar Brandt and Pia Kovac.',
      quotes,
    );
    expect(listed.problems).toEqual([expect.objectContaining({ kind: 'name', text: 'Jonas Weber' })]);
    // One word each: "FIFA or UEFA" is a list too.
    expect(
      kinds(
        checkClaimAgainstQuotes('He was ranked in the top twenty of the FIFA or UEFA rankings.', [
          'He was the first Icelandic player ranked in the top twenty of the UEFA rankings.',
        ]),
      ),
    ).toEqual(['name']);
    // A place and its region are no list: "Ohio" stays context the writer adds.
    expect(
      checkClaimAgainstQuotes(
        'In 1962 the State Court ruled on the case of the School Board of Dayton, Ohio.',
        ['In 1962 the State Court ruled on the case of the School Board of Dayton.'],
      ).ok,
    ).toBe(true);
  });
});

describe('dates: what a dated story leaves out', () => {
  const dateline = 'March 3, 2021 9:15AM ET';
  const quote = 'The league announced a schedule of 30 matches, with the first planned for October.';

  it('takes a month named without its year in a story dated less than a year from it', () => {
    const claim = 'The league announced 30 matches, set to begin in October 2021.';
    expect(checkClaimAgainstQuotes(claim, [dateline, quote], strict).ok).toBe(true);
    expect(
      kinds(
        checkClaimAgainstQuotes(
          'The league announced 30 matches, set to begin in October 2023.',
          [dateline, quote],
          strict,
        ),
      ),
    ).toEqual(['date']);
    // Without the story's date the month has no year.
    expect(kinds(checkClaimAgainstQuotes(claim, [quote], strict))).toEqual(['date']);
  });

  it('reads a capitalised "May" placed in time as the month', () => {
    const quotes = [
      'The story was posted on 2017-08-14 by the arts desk of the paper.',
      'Netflix already released the series in Canada in May as part of a deal.',
    ];
    const claim = 'Netflix released the series in Canada in May 2017.';
    expect(checkClaimAgainstQuotes(claim, quotes, strict).ok).toBe(true);
    // A date now, "May" is looked for as one (before, it passed as a one-word name).
    const june = 'Netflix already released the series in Canada in June as part of a deal.';
    expect(kinds(checkClaimAgainstQuotes('Netflix released the series in Canada in May.', [june]))).toEqual([
      'date',
    ]);
  });

  it('takes a year the sentence also writes in a full date the quotes hold', () => {
    const quotes = [
      'The play opens at the Edinburgh Fringe Festival on Friday 9 August at the Assembly Rooms.',
    ];
    expect(
      checkClaimAgainstQuotes(
        'It opened on 9 August 2019 as part of the 2019 Edinburgh Fringe Festival.',
        quotes,
        strict,
      ).ok,
    ).toBe(true);
    expect(
      checkClaimAgainstQuotes(
        'It opened on 9 August 2019 as part of the 2018 Edinburgh Fringe Festival.',
        quotes,
        strict,
      ).problems,
    ).toEqual([expect.objectContaining({ kind: 'date', text: '2018' })]);
  });
});

describe('relations: only what the sentence states, only what the quote asserts', () => {
  it('binds no ordinal or count the sentence does not state as a figure ("first", "for the second time")', () => {
    const check = checkClaimAgainstQuotes(
      'In 2012 he finished first in the regional marathon, winning it for the third time.',
      ['He won the regional marathon in 2012, his third title.', 'He was also the first winner in 2003.'],
    );
    expect(check.problems).toEqual([]);
  });

  it('reads no party into a relation the quote negates ("will not support the bill")', () => {
    const check = checkClaimAgainstQuotes('In 2016 Okafor supported a law limiting night flights.', [
      'Senator Grace Okafor, in 2016 a sponsor of the law, backs limits on night flights.',
      'Senator Paul Dunne will not support the law, calling it a burden on airlines.',
    ]);
    expect(check.problems).toEqual([]);
  });

  it('takes two names for one person when a text writes them as one full name', () => {
    const quotes = [
      'There is some talk that Harlow and Brooks met at sea.',
      'Edith died three years later on 12 March 1948, aged 71.',
    ];
    const claim = 'Brooks died in Whitby on 12 March 1948.';
    expect(checkClaimAgainstQuotes(claim, quotes, { question: 'Edith Anne Brooks' }).problems).toEqual([]);
    // Nothing says Brooks is Edith: the statement is about someone else.
    expect(checkClaimAgainstQuotes(claim, quotes).problems).toEqual([
      expect.objectContaining({ kind: 'relation', rule: 'subject' }),
    ]);
  });
});

describe('quotes that speak of something else', () => {
  it('rejects a sentence whose quotes hold too few of its content words, whatever figure they share', () => {
    const check = checkClaimAgainstQuotes(
      'In 1889 the painters coated the tower with brown iron oxide paint.',
      ['In 1889 Paris hosted the World Fair, which drew many visitors to the city.'],
    );
    expect(kinds(check)).toEqual(['off-topic']);
    expect(check.problems[0]?.reason).toMatch(/0% of the sentence's content words/);
    // A paraphrase holds enough of them; the question's words count as held; 0 turns the rule off.
    const quote = 'The tower is repainted every seven years with 60 tonnes of paint.';
    expect(
      checkClaimAgainstQuotes('Every seven years, workers put 60 tonnes of fresh paint on the tower.', [
        quote,
      ]).ok,
    ).toBe(true);
    const claim = 'Gustave Eiffel chose the colour of the tower in 1889.';
    const colour = ['In 1889 the colour was chosen by its designer, Gustave Eiffel.'];
    expect(checkClaimAgainstQuotes(claim, colour).ok).toBe(true);
    const offTopic = 'In 1889 the painters coated the tower with brown iron oxide paint.';
    const fair = ['In 1889 Paris hosted the World Fair, which drew many visitors to the city.'];
    expect(checkClaimAgainstQuotes(offTopic, fair, { tuning: { minCoverage: 0 } }).ok).toBe(true);
    expect(
      checkClaimAgainstQuotes(offTopic, fair, {
        question: 'Who painted the tower with brown iron oxide paint?',
      }).ok,
    ).toBe(true);
  });
});
