/**
 * Sentences whose truth the fixture states, independently of any check: for each pair, quotes of a
 * source, a sentence they support (written in other words) and a false sentence whose words are all
 * in the quotes but whose relations are not. The oracle for the support check's relational tests and
 * for `createOracleJudge`.
 */

/** The relation a false sentence of a pair gets wrong. */
export type RelationalKind =
  | 'dimension'
  | 'counted-noun'
  | 'preposition'
  | 'event'
  | 'crossed-year'
  | 'place'
  | 'comparative-roles'
  | 'verb-roles'
  | 'passive-roles'
  | 'stitched'
  | 'unit'
  | 'negation-scope';

/** A true and a false sentence over the same quotes. */
export interface RelationalPair {
  kind: RelationalKind;
  /** What the source says, as quotes. */
  quotes: string[];
  /** A sentence the quotes support, in words of its own. */
  true: string;
  /** A sentence whose words are in the quotes but which they do not support. */
  false: string;
}

/** A few dozen pairs, every kind of the support check's relational rules and more. */
export const RELATIONAL_PAIRS: readonly RelationalPair[] = [
  {
    kind: 'dimension',
    quotes: ['The tower is 330 metres high, and its foundations go 15 metres deep.'],
    true: 'The tower stands 330 metres high.',
    false: "The tower's foundations go 330 metres deep.",
  },
  {
    kind: 'dimension',
    quotes: ['The bridge is 1,280 metres long and 27 metres wide.'],
    true: 'The bridge has a length of 1,280 metres.',
    false: 'The bridge is 1,280 metres wide.',
  },
  {
    kind: 'dimension',
    quotes: ['The lake covers an area of 58 square kilometres and is 310 metres deep at its deepest point.'],
    true: 'At its deepest point the lake reaches a depth of 310 metres.',
    false: 'The lake is 310 metres long.',
  },
  {
    kind: 'counted-noun',
    quotes: ['The company employs 330 people and runs 120 stores.'],
    true: 'The company has 330 employees.',
    false: 'The company runs 330 stores.',
  },
  {
    kind: 'counted-noun',
    quotes: ['The city has a population of 2.1 million, and the metropolitan area has 12 million residents.'],
    true: 'About 2.1 million people live in the city.',
    false: 'The metropolitan area has 2.1 million residents.',
  },
  {
    kind: 'preposition',
    quotes: ['Unemployment fell to 7% in 2020.'],
    true: 'In 2020 unemployment dropped to 7%.',
    false: 'Unemployment fell by 7% in 2020.',
  },
  {
    kind: 'preposition',
    quotes: ['Sales rose by 12% to $4.5 billion last year.'],
    true: 'Last year sales grew by 12%, reaching $4.5 billion.',
    false: 'Sales rose by $4.5 billion last year.',
  },
  {
    kind: 'preposition',
    quotes: ['The ticket price was cut from $30 to $20 in March.'],
    true: 'In March the ticket price went down to $20.',
    false: 'The ticket price was cut to $30 in March.',
  },
  {
    kind: 'event',
    quotes: ['Construction of the tower began in 1887.'],
    true: "The tower's construction began in 1887.",
    false: 'Construction of the tower was completed in 1887.',
  },
  {
    kind: 'event',
    quotes: ['Born in 1850 in Lyon, the painter later moved to Paris, where he died.'],
    true: 'The painter was born in Lyon in 1850.',
    false: 'The painter died in 1850.',
  },
  {
    kind: 'event',
    quotes: ['The treaty was signed in 1919 and came into force in 1920.'],
    true: 'The treaty came into force in 1920, a year after it was signed.',
    false: 'The treaty came into force in 1919.',
  },
  {
    kind: 'event',
    quotes: ['The team scored 3 goals in the first half and conceded 2 in the second.'],
    true: 'The team conceded 2 goals in the second half.',
    false: 'The team conceded 3 goals.',
  },
  {
    kind: 'crossed-year',
    quotes: ['The city had 13.9 million inhabitants in 2020 and 14.0 million in 2023.'],
    true: 'In 2023 the city had 14.0 million inhabitants.',
    false: 'In 2020 the city had 14.0 million inhabitants.',
  },
  {
    kind: 'crossed-year',
    quotes: ['Revenue was $2 billion in 2019; in 2021 it reached $3 billion.'],
    true: 'Revenue reached $3 billion in 2021.',
    false: 'Revenue reached $3 billion in 2019.',
  },
  {
    kind: 'crossed-year',
    quotes: ['Inflation was 9.1% in June 2022 and 3.0% in June 2023.'],
    true: 'In June 2023, inflation stood at 3.0%.',
    false: 'Inflation was 9.1% in June 2023.',
  },
  {
    kind: 'place',
    quotes: ['The company has 40 stores in France and 12 in Spain.'],
    true: 'The company runs 12 stores in Spain.',
    false: 'The company has 40 stores in Spain.',
  },
  {
    kind: 'comparative-roles',
    quotes: ['Marseille is larger than Lyon.'],
    true: 'Lyon is smaller than Marseille.',
    false: 'Lyon is larger than Marseille.',
  },
  {
    kind: 'comparative-roles',
    quotes: ['According to most measurements, the Nile is longer than the Amazon.'],
    true: 'Most measurements find the Nile longer than the Amazon.',
    false: 'According to most measurements, the Amazon is longer than the Nile.',
  },
  {
    kind: 'comparative-roles',
    quotes: ['In 2010 Germany exported more cars than Japan.'],
    true: 'Germany exported more cars than Japan in 2010.',
    false: 'In 2010 Japan exported more cars than Germany.',
  },
  {
    kind: 'comparative-roles',
    quotes: ['At 8,849 metres, Everest is higher than K2.'],
    true: 'K2 is lower than Everest, which reaches 8,849 metres.',
    false: 'K2 is higher than Everest.',
  },
  {
    kind: 'verb-roles',
    quotes: ['Brazil defeated Germany in the 2002 final.'],
    true: 'In the 2002 final, Brazil defeated Germany.',
    false: 'Germany defeated Brazil in the 2002 final.',
  },
  {
    kind: 'verb-roles',
    quotes: ['Anna interviewed the minister in 2015.'],
    true: 'In 2015 the minister was interviewed by Anna.',
    false: 'In 2015 the minister interviewed Anna.',
  },
  {
    kind: 'passive-roles',
    quotes: ['Microsoft acquired LinkedIn in 2016.'],
    true: 'LinkedIn was acquired by Microsoft in 2016.',
    false: 'Microsoft was acquired by LinkedIn in 2016.',
  },
  {
    kind: 'passive-roles',
    quotes: ['The bridge was designed by Smith and built by Jones.'],
    true: 'Smith designed the bridge.',
    false: 'Jones designed the bridge.',
  },
  {
    kind: 'passive-roles',
    quotes: ['The plan was approved by the council but rejected by the mayor.'],
    true: 'The council approved the plan.',
    false: 'The plan was approved by the mayor.',
  },
  {
    kind: 'stitched',
    quotes: ['The bridge opened in 1932.', 'The tunnel cost $40 million.'],
    true: 'The tunnel cost $40 million.',
    false: 'The bridge cost $40 million.',
  },
  {
    kind: 'stitched',
    quotes: ['Marie Curie won the Nobel Prize in Physics in 1903.', 'Pierre Curie died in 1906.'],
    true: 'Pierre Curie died in 1906.',
    false: 'Marie Curie died in 1906.',
  },
  {
    kind: 'stitched',
    quotes: ['The author was born in Dublin.', 'His brother was born in 1882.'],
    true: 'The author was born in Dublin.',
    false: 'The author was born in Dublin in 1882.',
  },
  {
    kind: 'stitched',
    quotes: ['Exports grew 5% while imports fell 3%.'],
    true: 'Exports rose by 5%.',
    false: 'Imports grew 5%.',
  },
  {
    kind: 'unit',
    quotes: ['The tank holds 500 litres and weighs 80 kilograms.'],
    true: 'The tank weighs 80 kg.',
    false: 'The tank weighs 500 kilograms.',
  },
  {
    kind: 'unit',
    quotes: ['The stone weighs 10 kg.'],
    true: 'The stone weighs 10 kg (22 lb).',
    false: 'The stone weighs 10 kg (45 lb).',
  },
  {
    kind: 'unit',
    quotes: ['The road is 12 kilometres long.'],
    true: 'The road is 12 km long.',
    false: 'The road is 12 miles long.',
  },
  {
    kind: 'negation-scope',
    quotes: ['The drug did not reduce deaths, although it reduced hospital stays.'],
    true: 'The drug reduced hospital stays.',
    false: 'The drug reduced deaths.',
  },
  {
    kind: 'negation-scope',
    quotes: ['The museum is not open on Mondays.'],
    true: 'The museum does not open on Mondays.',
    false: 'The museum is open on Mondays.',
  },
  {
    kind: 'negation-scope',
    quotes: ['The bridge was never completed.'],
    true: 'The bridge was not completed.',
    false: 'The bridge was completed.',
  },
];
