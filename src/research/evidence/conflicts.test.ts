import { describe, expect, it } from 'vitest';
import type { Finding } from '../../contract/index.js';
import { findConflicts } from './conflicts.js';

let next = 0;
function finding(claim: string, options: { subQuestionId?: string; url?: string } = {}): Finding {
  next += 1;
  return {
    id: `F${next}`,
    claim,
    quotes: [{ text: claim, location: { kind: 'chars', start: 0, end: claim.length } }],
    source: { url: options.url ?? `https://site${next}.example/page`, title: 'Page' },
    subQuestionId: options.subQuestionId ?? 'q1',
  };
}

describe('findConflicts', () => {
  it('finds two sources giving different heights of the same tower, with both values and their sources', () => {
    const tall = finding('The tower is 330 metres tall and was completed in 1889.', {
      url: 'https://a.example/',
    });
    const short = finding('The tower is 300 m tall.', { url: 'https://b.example/' });
    const conflicts = findConflicts([tall, short]);
    expect(conflicts).toEqual([
      {
        subQuestion: 'q1',
        about: 'The tower is … tall',
        values: [
          { value: '330 metres', findingIds: [tall.id], urls: ['https://a.example/'] },
          { value: '300 m', findingIds: [short.id], urls: ['https://b.example/'] },
        ],
      },
    ]);
  });

  it('finds dates that differ, and groups the findings that agree under one value', () => {
    const first = finding('The tower was completed in 1889.');
    const second = finding('Work on the tower was completed on 31 March 1889.');
    const third = finding('The tower was completed in 1887.');
    const [conflict, ...rest] = findConflicts([first, second, third]);
    expect(rest).toEqual([]);
    expect(conflict?.values.map((value) => value.findingIds)).toEqual([[first.id, second.id], [third.id]]);
  });

  it('is no conflict when the same value is written differently', () => {
    const pairs = [
      ['The tower is 330 m tall.', 'The tower is 330 metres tall.'],
      [
        'The city had a population of 1,500,000 people in 2020.',
        'The city had a population of 1.5 million people in 2020.',
      ],
      [
        'The Apollo 11 landing took place on 20 July 1969.',
        'The Apollo 11 landing took place on July 20, 1969.',
      ],
      ['The Apollo 11 landing took place on 1969-07-20.', 'The Apollo 11 landing took place in July 1969.'],
    ] as const;
    for (const [one, other] of pairs) expect(findConflicts([finding(one), finding(other)])).toEqual([]);
  });

  it('does not confuse different quantities of one sub-question', () => {
    const findings = [
      finding('The tower is 330 metres tall.'),
      finding('The tower weighs 10,100 tonnes.'),
      finding("The tower's base is 125 metres wide."),
      finding('The tower was repainted in 2019.'),
      finding('The tower opened to visitors in 1889.'),
      finding('About 7 million people visit the tower every year.'),
      finding('The tower is painted every 7 years.'),
    ];
    expect(findConflicts(findings)).toEqual([]);
  });

  it('ties each value of a claim to its own counterpart only', () => {
    const both = finding('The tower is 330 metres tall, and its antenna is 24 metres long.');
    const one = finding('The tower is 300 metres tall.');
    const conflicts = findConflicts([both, one]);
    expect(conflicts.map((conflict) => conflict.values.map((value) => value.value))).toEqual([
      ['330 metres', '300 metres'],
    ]);
  });

  it('reads a date beside a number as when it held: figures of other years do not conflict, of the same year do', () => {
    const recent = finding('The population of Tokyo was 14.0 million in 2023.');
    const earlier = finding('The population of Tokyo was 13.5 million in 2020.');
    expect(findConflicts([recent, earlier])).toEqual([]);
    const other = finding('The population of Tokyo was 12.1 million in 2023.');
    expect(
      findConflicts([recent, other]).map((conflict) => conflict.values.map((value) => value.value)),
    ).toEqual([['14.0 million', '12.1 million']]);
  });

  it('reads claims that differ in several values as about different things', () => {
    const first = finding(
      'The cost figure reported in study 3-1 is 121 units for heat pumps, according to the survey of 363 homes.',
    );
    const second = finding(
      'The cost figure reported in study 3-2 is 122 units for heat pumps, according to the survey of 366 homes.',
    );
    expect(findConflicts([first, second])).toEqual([]);
  });

  it('finds one entity and attribute with two values across phrasing, by the binding', () => {
    const high = finding('The tower stands 330 metres high.', { url: 'https://a.example/' });
    const tallest = finding('At 324 metres, the tower is the tallest structure in Paris.', {
      url: 'https://b.example/',
    });
    const agreeing = finding('The tower is 330 m high, its owner says.', { url: 'https://c.example/' });
    expect(findConflicts([high, tallest, agreeing])).toEqual([
      {
        subQuestion: 'q1',
        about: 'The tower stands … high',
        values: [
          {
            value: '330 metres',
            findingIds: [high.id, agreeing.id],
            urls: ['https://a.example/', 'https://c.example/'],
          },
          { value: '324 metres', findingIds: [tallest.id], urls: ['https://b.example/'] },
        ],
      },
    ]);
  });

  it('reads a year or place as part of what is measured, wherever the sentence writes it', () => {
    const later = finding('The city had 14.0 million inhabitants in 2023.');
    const earlier = finding('In 2020, the city had 13.9 million inhabitants.');
    expect(findConflicts([later, earlier])).toEqual([]);
    const france = finding('The company has 40 stores in France.');
    const spain = finding('The company has 12 stores in Spain.');
    expect(findConflicts([france, spain])).toEqual([]);
  });

  it('is no conflict between two units of one value, nor between two entities sharing a noun', () => {
    const metres = finding('The tower stands 330 metres high.');
    expect(findConflicts([metres, finding('The tower is 1,083 feet high.')])).toEqual([]);
    const eiffel = finding('The Eiffel Tower stands 330 metres high.');
    const montparnasse = finding('The Montparnasse Tower stands 210 metres high.');
    expect(findConflicts([eiffel, montparnasse])).toEqual([]);
  });

  it('compares findings of the same sub-question only', () => {
    const findings = [
      finding('The tower is 330 metres tall.', { subQuestionId: 'q1' }),
      finding('The tower is 300 metres tall.', { subQuestionId: 'q2' }),
    ];
    expect(findConflicts(findings)).toEqual([]);
  });

  it('reads hostile claims in bounded time and finds nothing in noise', () => {
    const noise = Array.from({ length: 200 }, (_, index) => `${index} m, `).join('');
    const findings = Array.from({ length: 40 }, () => finding(noise));
    expect(findConflicts(findings)).toEqual([]);
  });
});
