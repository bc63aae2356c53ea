import { describe, expect, it } from 'vitest';
import { checkClaimAgainstQuotes, SUPPORT_PROBLEM_KINDS, type SupportCheck } from './index.js';

const kinds = (check: SupportCheck) => check.problems.map((problem) => problem.kind);

describe('checkClaimAgainstQuotes: the cases of issue 23', () => {
  it('refuses a bare "330" as the quote behind a sentence (short-quote)', () => {
    const check = checkClaimAgainstQuotes('The tower opened to visitors in the year 330 [F1].', ['330']);
    expect(check.ok).toBe(false);
    expect(kinds(check)).toEqual(['short-quote']);
  });

  it('finds the wrong height and the wrong year of a sentence its quote contradicts', () => {
    const check = checkClaimAgainstQuotes('The tower is 300 metres tall and was completed in 1899 [F1].', [
      'The tower is 330 metres tall and was completed in 1889.',
    ]);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      expect.objectContaining({ kind: 'figure', text: '300 metres' }),
      expect.objectContaining({ kind: 'date', text: '1899' }),
    ]);
  });

  it('calls a sentence with figures that cites nothing an uncited fact', () => {
    const check = checkClaimAgainstQuotes('It is repainted every 7 years at a cost of 4 million euros.', []);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      expect.objectContaining({ kind: 'uncited-fact', text: '7 years, 4 million euros' }),
    ]);
  });

  it('rejects a finding claiming "512 metres" over an unrelated quote', () => {
    const check = checkClaimAgainstQuotes('The tower is 512 metres tall.', [
      'The tower was built for the World Fair held in Paris.',
    ]);
    expect(kinds(check)).toEqual(['figure']);
  });

  it('passes the correct sentence, with a reason for every problem it reports otherwise', () => {
    const quote = 'The tower is 330 metres tall and was completed in 1889.';
    expect(checkClaimAgainstQuotes('The tower is 330 metres tall [F1].', [quote])).toEqual({
      ok: true,
      problems: [],
    });
    const wrong = checkClaimAgainstQuotes('The tower is 331 metres tall [F1].', [quote]);
    expect(wrong.problems[0]?.reason).toMatch(/331 metres/);
  });

  it('names its problem kinds in one list', () => {
    expect(SUPPORT_PROBLEM_KINDS).toEqual([
      'figure',
      'date',
      'name',
      'negation',
      'relation',
      'roles',
      'off-topic',
      'short-quote',
      'uncited-fact',
    ]);
  });
});

describe('figures: equal up to formatting', () => {
  const passes = (claim: string, quote: string) =>
    expect(checkClaimAgainstQuotes(claim, [quote]).problems).toEqual([]);
  const fails = (claim: string, quote: string, kind = 'figure') =>
    expect(kinds(checkClaimAgainstQuotes(claim, [quote]))).toContain(kind);

  it('reads thousands separators, scale words and money written several ways', () => {
    passes(
      'The city has 1.5 million inhabitants.',
      'The city has a population of 1,500,000 inhabitants today.',
    );
    passes(
      'The city has 1,500,000 inhabitants.',
      'Its population reached 1.5 million inhabitants last decade.',
    );
    passes('The budget is €4m.', 'The council set a budget of 4 million euros for the works.');
    passes('Sales reached $2.3 billion.', 'The company said sales reached US$2,300,000,000 that year.');
    passes('The library holds 7,300 books.', 'The small library holds 7300 books and some maps.');
    fails(
      'The city has 1.5 million inhabitants.',
      'The city has a population of 1,800,000 inhabitants today.',
    );
    fails('The budget is €4m.', 'The council set a budget of 4 million dollars for the works.');
  });

  it('reads unit spellings, percentages and hyphenated units', () => {
    passes('The tower is 330 m tall.', 'The tower is 330 metres tall, its designers said.');
    passes('The tower is 330 metres tall.', 'A 330-metre tower was built there in a few years.');
    passes('Turnout was 45%.', 'Turnout was 45 per cent, the election office reported.');
    fails('The tower is 330 m tall.', 'The tower is 330 feet tall, its designers said.');
  });

  it('reads number words and ordinals', () => {
    passes(
      'Only 3 players may enter the midfield.',
      'Each team may have only three players in the midfield area.',
    );
    passes('He finished in 9th place.', 'He finished the race in ninth place overall.');
    passes('She had twenty-five wins.', 'She had 25 wins in the season that followed.');
    fails('It took five years to make the film.', 'It took three years to make the film, the director said.');
  });

  it('lets a hedged figure round, and a precise one not', () => {
    passes('About 300 people attended.', 'Some 312 people attended the opening of the hall.');
    passes('The deal was worth 1.5 million dollars.', 'The deal was worth $1,493,000, according to filings.');
    fails('300 people attended.', 'Some 312 people attended the opening of the hall.');
    fails('The deal was worth 2 million dollars.', 'The deal was worth $1.5 million, according to filings.');
  });

  it('reads ranges and decades', () => {
    passes('It runs during the 2018–19 season.', 'It will run over the coming 2018-2019 academic season.');
    passes('The band formed in the 1990s.', 'The band formed in 1994 in a small garage in Ohio.');
    fails('The band formed in 1994.', 'The band formed in the 1990s in a small garage in Ohio.', 'date');
  });

  it('takes identifiers as written, and ignores citation markers', () => {
    passes('The F-16 first flew in 1974 [F2].', 'The F-16 made its first flight in 1974 at Edwards.');
    expect(
      kinds(
        checkClaimAgainstQuotes('The F-15 first flew in 1974.', [
          'The F-16 made its first flight in 1974 at Edwards.',
        ]),
      ),
    ).toEqual(['figure']);
  });
});

describe('dates: the same day written another way', () => {
  const quote = (text: string) =>
    checkClaimAgainstQuotes('Armstrong walked on the Moon on 20 July 1969.', [text]);

  it('accepts "July 20, 1969", "1969-07-20" and "20th of July 1969"', () => {
    expect(quote('Armstrong walked on the Moon on July 20, 1969, before millions.').ok).toBe(true);
    expect(quote('Armstrong walked on the Moon; the log dates it 1969-07-20 in UTC.').ok).toBe(true);
    expect(quote('Armstrong walked on the Moon on the 20th of July 1969, at night.').ok).toBe(true);
  });

  it('rejects another day, month or year', () => {
    expect(kinds(quote('Armstrong walked on the Moon on 21 July 1969, before millions.'))).toEqual(['date']);
    expect(kinds(quote('Armstrong walked on the Moon on 20 June 1969, before millions.'))).toEqual(['date']);
    expect(kinds(quote('Armstrong walked on the Moon on 20 July 1970, before millions.'))).toEqual(['date']);
  });

  it('accepts a day and month whose year the quote leaves to its page, and a dateline beside a clause', () => {
    expect(quote('Armstrong walked on the Moon on Sunday, July 20, as millions watched.').ok).toBe(true);
    const check = checkClaimAgainstQuotes('The team won the national cup in 2019.', [
      'Fri 15 Feb 19',
      'The team won the national cup this season, beating every rival.',
    ]);
    expect(check.ok).toBe(true);
  });

  it('accepts a year the quote gives relative to its page ("this month")', () => {
    const check = checkClaimAgainstQuotes('In 2019 Upton supported a bill on private sales.', [
      'The bill introduced in Congress this month, which Upton supported, covers private sales.',
    ]);
    expect(check.ok).toBe(true);
  });
});

describe('names the sentence introduces', () => {
  it('covers a name shortened, possessive, in another case or without diacritics', () => {
    const quote = 'Thomas K. Arnold, the publisher of Media Play News, joined the magazine in 1991.';
    expect(checkClaimAgainstQuotes("Arnold's magazine is Media Play News.", [quote]).ok).toBe(true);
    expect(checkClaimAgainstQuotes('ARNOLD joined MEDIA PLAY NEWS in 1991.', [quote]).ok).toBe(true);
    expect(
      checkClaimAgainstQuotes('The delegates met in Zurich and Geneve.', [
        'The delegates met in Zürich and then in Genève for two days.',
      ]).ok,
    ).toBe(true);
  });

  it('covers a name by its acronym and an acronym by its name', () => {
    const quote = 'The Democratic National Committee announced twelve debates for the cycle.';
    expect(checkClaimAgainstQuotes('The DNC announced twelve debates.', [quote]).ok).toBe(true);
    expect(
      checkClaimAgainstQuotes('The Democratic National Committee announced twelve debates.', [
        'The DNC announced twelve debates for the coming cycle.',
      ]).ok,
    ).toBe(true);
  });

  it('rejects a name of several words that no quote holds', () => {
    const check = checkClaimAgainstQuotes('The commercials were designed by Michael Brunsfeld.', [
      'The commercials were designed by a studio in Portland, Oregon.',
    ]);
    expect(check.problems).toEqual([expect.objectContaining({ kind: 'name', text: 'Michael Brunsfeld' })]);
    // Its head found is enough: "Shizuoka Prefecture" is covered where a quote names the prefecture,
    // not by "Shizuoka" alone (a city too).
    expect(
      checkClaimAgainstQuotes('The base is in Shizuoka Prefecture.', [
        'The air base lies in the prefecture of Shizuoka, near the coast.',
      ]).ok,
    ).toBe(true);
    expect(
      kinds(
        checkClaimAgainstQuotes('The base is in Shizuoka Prefecture.', [
          'The air base lies in Shizuoka, near the coast.',
        ]),
      ),
    ).toEqual(['name']);
  });

  it('rejects a one-word name the quote replaces with another, and lets a one-word context name pass', () => {
    const swapped = checkClaimAgainstQuotes('In 2010, Smith won the award.', [
      'In 2010, Jones won the award, beating five rivals.',
    ]);
    expect(kinds(swapped)).toEqual(['name', 'roles']);
    const context = checkClaimAgainstQuotes('His last match in England was against Arsenal.', [
      'His last match was against Arsenal, a 5-4 win at Highbury.',
    ]);
    expect(context.ok).toBe(true);
  });

  it('reads a lone word opening a sentence as a name only when a text writes it capitalised elsewhere', () => {
    // "Work" opening the quote is no name standing where the sentence writes "Construction".
    expect(
      checkClaimAgainstQuotes('Construction began in 1887.', ['Work began in 1887 on the site.']).ok,
    ).toBe(true);
    // Not a name there, "Smith" still does what the quote says "Jones" did: the roles check sees the swap.
    const named = checkClaimAgainstQuotes('Smith won the award in 2010.', ['Jones won the award in 2010.']);
    expect(named.problems).toEqual([expect.objectContaining({ kind: 'roles' })]);
  });

  it('takes a surname alone for the person the answer named in full before (context)', () => {
    // The quote writes a title where the sentence writes the surname: without the context, "Arnold" is a
    // name the sentence introduces and the quote replaces.
    const quote = "In 1991 the Publisher joined Video Store Magazine, Home Media's predecessor.";
    const claim = 'In 1991 Arnold joined Video Store Magazine.';
    const context = ['Thomas K. Arnold is the publisher of Media Play News.'];
    expect(kinds(checkClaimAgainstQuotes(claim, [quote]))).toEqual(['name']);
    expect(checkClaimAgainstQuotes(claim, [quote], { context }).problems).toEqual([]);
    // The earlier sentences vouch for names only: a figure they state still needs a quote.
    const figure = checkClaimAgainstQuotes('Arnold joined Video Store Magazine in 1991 at 25.', [quote], {
      context: ['Thomas K. Arnold joined at 25.'],
    });
    expect(figure.problems).toEqual([expect.objectContaining({ kind: 'figure', text: '25' })]);
  });

  it('does not look for names the question already holds', () => {
    const quote = 'He is the publisher and editorial director of the trade magazine.';
    const claim = 'Thomas Arnold is the publisher of Media Play News.';
    expect(kinds(checkClaimAgainstQuotes(claim, [quote]))).toContain('name');
    expect(
      checkClaimAgainstQuotes(claim, [quote], { question: 'Who is Thomas Arnold of Media Play News?' }).ok,
    ).toBe(true);
  });
});

describe('reversals', () => {
  it('catches a sentence that negates what its quote states, and the reverse', () => {
    const quote = 'The tower was completed in 1889 for the World Fair.';
    expect(kinds(checkClaimAgainstQuotes('The tower was not completed in 1889.', [quote]))).toEqual([
      'negation',
    ]);
    expect(
      kinds(
        checkClaimAgainstQuotes('The tower was completed in 1889.', [
          'The tower was not completed in 1889, as planned.',
        ]),
      ),
    ).toEqual(['negation']);
  });

  it('catches a swapped pair around the same words', () => {
    const quote = 'She was the first woman to win the prize in its history.';
    expect(kinds(checkClaimAgainstQuotes('She was the last woman to win the prize.', [quote]))).toEqual([
      'negation',
    ]);
    expect(
      kinds(
        checkClaimAgainstQuotes('Exports increased sharply in 2020.', [
          'Exports decreased sharply in 2020, the report said.',
        ]),
      ),
    ).toEqual(['negation']);
  });

  it('lets through what only looks like a reversal', () => {
    // The same order told from the other end.
    expect(
      checkClaimAgainstQuotes('The war ended before the treaty was signed.', [
        'The treaty was signed after the war ended in Europe.',
      ]).ok,
    ).toBe(true);
    // Both texts negate; and a negation about words the quote does not state.
    expect(
      checkClaimAgainstQuotes('The film was never released in cinemas.', [
        'The film was not released in cinemas, only online.',
      ]).ok,
    ).toBe(true);
    expect(
      checkClaimAgainstQuotes('The film was not shown in cinemas but streamed online.', [
        'The film was streamed online by the studio from May.',
      ]).ok,
    ).toBe(true);
  });
});

describe('short quotes and uncited sentences', () => {
  it('refuses a quote that is nothing but the figures and names it is cited for', () => {
    const check = checkClaimAgainstQuotes(
      'Gustave Eiffel and Maurice Koechlin designed the 330 metres tower.',
      ['Gustave Eiffel, Maurice Koechlin, 330 metres'],
    );
    expect(kinds(check)).toEqual(['short-quote']);
  });

  it('ignores a fragment beside a clause that holds the facts, and names it when only the fragment does', () => {
    const clause = 'The tower in Paris is 330 metres tall, its designers said.';
    expect(
      checkClaimAgainstQuotes('The tower in Paris is 330 metres tall.', ['Eiffel Tower', clause]).ok,
    ).toBe(true);
    const check = checkClaimAgainstQuotes('The tower opened in 1889.', [
      'in 1889',
      'The tower opened to the public with a ceremony.',
    ]);
    expect(check.problems).toEqual([expect.objectContaining({ kind: 'short-quote', text: '1889' })]);
  });

  it('lets a sentence without facts cite nothing, and counts a name or date as a fact', () => {
    expect(checkClaimAgainstQuotes('The sources below answer this in more detail.', []).ok).toBe(true);
    expect(kinds(checkClaimAgainstQuotes('The design is credited to Gustave Eiffel.', []))).toEqual([
      'uncited-fact',
    ]);
    expect(kinds(checkClaimAgainstQuotes('It reopened on 1 June 2024.', ['  ']))).toEqual(['uncited-fact']);
  });

  it('does not count the question’s own figures and names as uncited facts', () => {
    const question = 'What happened to the Eiffel Tower in 1889?';
    expect(checkClaimAgainstQuotes('The Eiffel Tower matters for 1889.', [], { question }).ok).toBe(true);
  });
});

describe('a day the quotes give relative to the date of their source', () => {
  const dateline = 'By Travis Zimpfer on March 2, 2017';
  const claim = 'On March 1, 2017 the commission named three applicants for the court seat.';

  it('accepts the day a dated story names by its weekday ("Wednesday evening") or calls "yesterday"', () => {
    expect(
      checkClaimAgainstQuotes(claim, [dateline, 'The commission named three applicants Wednesday evening.'])
        .ok,
    ).toBe(true);
    expect(
      checkClaimAgainstQuotes(claim, [dateline, 'Yesterday the commission named three applicants.']).ok,
    ).toBe(true);
  });

  it('rejects the day when the weekday is another one, or no date of the source is given', () => {
    const tuesday = checkClaimAgainstQuotes(claim, [
      dateline,
      'The commission named three applicants Tuesday evening.',
    ]);
    expect(tuesday.problems).toEqual([expect.objectContaining({ kind: 'date', text: 'March 1, 2017' })]);
    const undated = checkClaimAgainstQuotes(claim, [
      'The commission named three applicants Wednesday evening.',
    ]);
    expect(kinds(undated)).toEqual(['date']);
  });
});

describe('what a sentence adds to its quotes as context', () => {
  it('lets a small count in words pass that the writer counted, unless a quote gives another count there', () => {
    const counted = checkClaimAgainstQuotes('Williams won the final three frames to take a 10-7 lead.', [
      'Williams cleared the table for a 10-7 lead going into the last day of the final.',
    ]);
    expect(counted.ok).toBe(true);
    const recounted = checkClaimAgainstQuotes('Williams won the final three frames to take a 10-7 lead.', [
      'Williams won the final four frames of the evening to take a 10-7 lead.',
    ]);
    expect(recounted.problems).toEqual([expect.objectContaining({ kind: 'figure', text: 'three' })]);
    // A count in digits is copied, not counted: it is still looked for.
    const digits = checkClaimAgainstQuotes('Williams won the final 3 frames to take a 10-7 lead.', [
      'Williams cleared the table for a 10-7 lead going into the last day of the final.',
    ]);
    expect(kinds(digits)).toEqual(['figure']);
  });

  it('lets one name or year pass when the quotes hold every other fact of the sentence, and several of them', () => {
    const quotes = [
      'James Hartley Jones, Private, Welsh Regiment, is named on the Ambleston War Memorial.',
      'James enlisted at Woodstock with his brother in law David Lewis into the regiment.',
    ];
    const name = checkClaimAgainstQuotes(
      'James Hartley Jones, named on the Ambleston War Memorial, enlisted at Woodstock early in World War I.',
      quotes,
    );
    expect(name.ok).toBe(true);
    const year = checkClaimAgainstQuotes(
      'James Hartley Jones, named on the Ambleston War Memorial, enlisted at Woodstock in 1915.',
      quotes,
    );
    expect(year.ok).toBe(true);
  });

  it('still rejects the added name or year when it is not alone, when too little else is held, or when it is a figure', () => {
    const quotes = [
      'James Hartley Jones, Private, Welsh Regiment, is named on the Ambleston War Memorial.',
      'James enlisted at Woodstock with his brother in law David Lewis into the regiment.',
    ];
    const two = checkClaimAgainstQuotes(
      'James Hartley Jones, named on the Ambleston War Memorial, enlisted at Woodstock with Thomas Pritchard in 1915.',
      quotes,
    );
    expect(kinds(two)).toEqual(['date', 'name']);
    const alone = checkClaimAgainstQuotes('The commercials were designed in Portland by Michael Brunsfeld.', [
      'The commercials were designed by a studio in Portland, Oregon.',
    ]);
    expect(kinds(alone)).toEqual(['name']);
    const figure = checkClaimAgainstQuotes(
      'James Hartley Jones, named on the Ambleston War Memorial, enlisted at Woodstock with 40 men.',
      quotes,
    );
    expect(kinds(figure)).toEqual(['figure']);
  });

  it('rejects the added year when a quote close to the sentence writes another year in its place', () => {
    const check = checkClaimAgainstQuotes(
      'Gustave Eiffel designed the tower in Paris, completed in 1899 for the World Fair.',
      ['Gustave Eiffel designed the tower in Paris, completed in 1889 for the World Fair.'],
    );
    expect(check.problems).toEqual([expect.objectContaining({ kind: 'date', text: '1899' })]);
  });
});

describe('what real writers add that is no new fact', () => {
  const passes = (claim: string, quote: string) =>
    expect(checkClaimAgainstQuotes(claim, [quote]).problems).toEqual([]);

  it('takes a bracketed unit conversion for the figure it converts, and refuses a wrong one', () => {
    passes('The stone weighs 10 kg (22 lb).', 'The stone on the square weighs 10 kg.');
    passes('The tower is 1,083 ft (330 m) tall.', 'The tower is 330 metres tall.');
    expect(
      kinds(checkClaimAgainstQuotes('The stone weighs 10 kg (45 lb).', ['The stone weighs 10 kg.'])),
    ).toEqual(['figure']);
  });

  it('reads a range of days written with a dash, either side of the month', () => {
    passes(
      'The festival ran on 6–7 March 2020.',
      'The festival took place on 6 and 7 March 2020 in the park.',
    );
    passes('The festival ran on 6–7 March 2020.', 'The festival took place on March 6-7, 2020 in the park.');
    passes('The festival ran on March 6–7, 2020.', 'It took place on 6 March 2020 and on 7 March 2020.');
    expect(
      kinds(
        checkClaimAgainstQuotes('The festival ran on 6–8 March 2020.', [
          'It took place on 6 and 7 March 2020.',
        ]),
      ),
    ).toEqual(['date']);
  });

  it("takes a name's words written as one or apart", () => {
    passes('It was reported by TechCrunch in 2019.', 'The news was first reported by Tech Crunch in 2019.');
    passes('It was reported by Tech Crunch in 2019.', 'The news was first reported by TechCrunch in 2019.');
  });
});
