import { describe, expect, it } from 'vitest';
import { checkClaimAgainstQuotes, type SupportCheck } from './index.js';

const kinds = (check: SupportCheck) => check.problems.map((problem) => problem.kind);
/** Without the allowance for one added name or year, so that a test sees the rule it is about. */
const strict = { tuning: { partialMinFound: 0 } };

describe('names: what identifies the thing named', () => {
  it('covers a name of several words by its head, not by a word that only qualifies it', () => {
    const quote = 'There is normally Harriet as well, but she is ill; she normally plays violin.';
    // "Harriet" is someone; "Harriet Coleman" is one particular Harriet the quote never names.
    expect(checkClaimAgainstQuotes('Harriet Coleman plays the violin.', [quote]).problems).toEqual([
      expect.objectContaining({ kind: 'name', text: 'Harriet Coleman' }),
    ]);
    expect(
      kinds(
        checkClaimAgainstQuotes('The concert was held in Hyde Park.', [
          'Fans of Hyde, the singer, filled the hall for the concert.',
        ]),
      ),
    ).toEqual(['name']);
    // The head found: a surname covers the person, a regnal number aside.
    expect(
      checkClaimAgainstQuotes('Lisa White Hardwick serves on the court of appeals.', [
        'Judge Hardwick serves on the Western District of the Missouri Court of Appeals.',
      ]).ok,
    ).toBe(true);
    expect(
      checkClaimAgainstQuotes('Henry VI founded the college in 1441.', [
        'The college was founded by King Henry in 1441 for poor scholars.',
      ]).ok,
    ).toBe(true);
    // With "of" inside, any word of the name covers it, as before: "Bank of England".
    expect(
      checkClaimAgainstQuotes('The Bank of England raised its rate.', [
        'England raised its interest rate on Thursday, the bank said.',
      ]).ok,
    ).toBe(true);
  });

  it('never takes a name the quotes give with another head for context the sentence adds', () => {
    const quotes = [
      'In 2001 the physician and his wife, a dentist, signed a document titled Manifiesto 2001 in Havana.',
      'His wife, Lisandra Lafitta, said that he had lost weight in prison.',
    ];
    // Every other fact is held: "Lisandra Lafitta Hernández" would pass as an added name, but the quotes
    // name her otherwise.
    const check = checkClaimAgainstQuotes(
      'In 2001 he and his wife, a dentist named Lisandra Lafitta Hernández, signed Manifiesto 2001 in Havana.',
      quotes,
    );
    expect(check.problems).toEqual([
      expect.objectContaining({ kind: 'name', text: 'Lisandra Lafitta Hernández' }),
    ]);
    // A name the quotes do not write at all is still context the writer may add.
    expect(
      checkClaimAgainstQuotes(
        'In 2001 he and his wife, a dentist from the Pinar del Rio Province, signed Manifiesto 2001 in Havana.',
        quotes,
      ).ok,
    ).toBe(true);
  });

  it('never takes a name the sentence lists with others for context it adds', () => {
    const quotes = ['Erik Hersman, Ory Okolloh and David Kobia built the first version of the site in 2008.'];
    const listed = checkClaimAgainstQuotes(
      'Its founders include Erik Hersman, Juliana Rotich, Ory Okolloh and David Kobia.',
      quotes,
    );
    expect(listed.problems).toEqual([expect.objectContaining({ kind: 'name', text: 'Juliana Rotich' })]);
    // One word each: "ATP or WTA" is a list too.
    expect(
      kinds(
        checkClaimAgainstQuotes('She was ranked in the top ten of the ATP or WTA rankings.', [
          'She was the first Belgian ranked in the top ten of the WTA rankings.',
        ]),
      ),
    ).toEqual(['name']);
    // A place and its region are no list: "Kansas" stays context the writer adds.
    expect(
      checkClaimAgainstQuotes(
        'In 1954 the Supreme Court ruled on the case of the Board of Education of Topeka, Kansas.',
        ['In 1954 the Supreme Court ruled on the case of the Board of Education of Topeka.'],
      ).ok,
    ).toBe(true);
  });
});

describe('dates: what a dated story leaves out', () => {
  const dateline = 'December 20, 2018 10:04AM PT';
  const quote = 'The committee announced a plan for 12 debates, with the first planned for June.';

  it('takes a month named without its year in a story dated less than a year from it', () => {
    const claim = 'The committee announced 12 debates, set to begin in June 2019.';
    expect(checkClaimAgainstQuotes(claim, [dateline, quote], strict).ok).toBe(true);
    expect(
      kinds(
        checkClaimAgainstQuotes(
          'The committee announced 12 debates, set to begin in June 2021.',
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
      'The story was posted on 2018-09-03 by the news desk of the site.',
      'Crunchyroll already screened the film in the United States in May as part of a series.',
    ];
    const claim = 'Crunchyroll screened the film in the United States in May 2018.';
    expect(checkClaimAgainstQuotes(claim, quotes, strict).ok).toBe(true);
    // A date now, "May" is looked for as one (before, it passed as a one-word name).
    const june = 'Crunchyroll already screened the film in the United States in June as part of a series.';
    expect(
      kinds(checkClaimAgainstQuotes('Crunchyroll screened the film in the United States in May.', [june])),
    ).toEqual(['date']);
  });

  it('takes a year the sentence also writes in a full date the quotes hold', () => {
    const quotes = ['The film is shown at the London Film Festival on Thursday 18 October at the Odeon.'];
    expect(
      checkClaimAgainstQuotes(
        'It was shown on 18 October 2018 as part of the 2018 London Film Festival.',
        quotes,
        strict,
      ).ok,
    ).toBe(true);
    expect(
      checkClaimAgainstQuotes(
        'It was shown on 18 October 2018 as part of the 2017 London Film Festival.',
        quotes,
        strict,
      ).problems,
    ).toEqual([expect.objectContaining({ kind: 'date', text: '2017' })]);
  });
});

describe('relations: only what the sentence states, only what the quote asserts', () => {
  it('binds no ordinal or count the sentence does not state as a figure ("first", "for the second time")', () => {
    const check = checkClaimAgainstQuotes(
      'In 2015 she finished first in the national championship, winning it for the second time.',
      [
        'She won the national championship in 2015, her second title.',
        'She was also the first champion in 2006.',
      ],
    );
    expect(check.problems).toEqual([]);
  });

  it('reads no party into a relation the quote negates ("will not support the bill")', () => {
    const check = checkClaimAgainstQuotes('In 2019 Upton supported a bill banning private sales.', [
      'Republican Rep. Fred Upton, in 2019 an original co-sponsor of the bill, backs checks on private sales.',
      'Rep. Tim Walberg will not support the bill, calling it more gun control.',
    ]);
    expect(check.problems).toEqual([]);
  });

  it('takes two names for one person when a text writes them as one full name', () => {
    const quotes = [
      'There is some speculation that Walls and Smith met during the war.',
      'Marion died four years later on 24 January 1957, aged 66.',
    ];
    const claim = 'Smith died in Blackville on 24 January 1957.';
    expect(checkClaimAgainstQuotes(claim, quotes, { question: 'Marion Leane Smith' }).problems).toEqual([]);
    // Nothing says Smith is Marion: the statement is about someone else.
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
