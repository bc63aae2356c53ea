import { describe, expect, it } from 'vitest';
import { type FigureStatement, figureStatements, statementsConflict } from './index.js';

const only = (text: string): FigureStatement => {
  const [statement, ...rest] = figureStatements(text);
  expect(rest).toEqual([]);
  if (!statement) throw new Error(`no figure read in: ${text}`);
  return statement;
};

describe('figureStatements', () => {
  it('binds a figure to the entity, attribute, unit and year of its statement', () => {
    expect(only('The tower stands 330 metres high.')).toMatchObject({
      text: '330 metres',
      values: [330],
      units: ['m'],
      entity: ['tower'],
      attribute: 'height',
      years: [],
    });
    expect(only('In 2020, the city had 13.9 million inhabitants.')).toMatchObject({
      entity: ['city'],
      attribute: 'inhabitant',
      years: [2020],
    });
    expect(only('The company has 40 stores in France.')).toMatchObject({
      attribute: 'store',
      place: 'france',
    });
  });

  it('reads the attribute from a superlative of its statement when no word next to the figure names it', () => {
    expect(only('At 324 metres, the tower is the tallest structure in Paris.')).toMatchObject({
      entity: ['tower'],
      attribute: 'height',
    });
  });
});

describe('statementsConflict', () => {
  it('finds one entity, attribute and qualifier with two values, written in other words', () => {
    expect(
      statementsConflict(
        only('The tower stands 330 metres high.'),
        only('At 324 metres, the tower is the tallest structure in Paris.'),
      ),
    ).toBe(true);
  });

  it('does not oppose two years of one quantity: the year is part of what is measured', () => {
    const later = figureStatements('The city had 14.0 million inhabitants in 2023.');
    const earlier = figureStatements('In 2020, the city had 13.9 million inhabitants.');
    expect(later).toHaveLength(1);
    expect(statementsConflict(later[0] as FigureStatement, earlier[0] as FigureStatement)).toBe(false);
  });

  it('does not oppose one value written two ways, or in two units', () => {
    const metres = only('The tower stands 330 metres high.');
    expect(statementsConflict(metres, only('The tower is 330 m high, its owner says.'))).toBe(false);
    expect(statementsConflict(metres, only('The tower is 1,083 feet high.'))).toBe(false);
    expect(statementsConflict(metres, only('The tower is 1,250 feet high.'))).toBe(true);
  });

  it('does not oppose figures of other entities or other attributes', () => {
    const tower = only('The tower stands 330 metres high.');
    expect(statementsConflict(tower, only('The mast stands 300 metres high.'))).toBe(false);
    expect(statementsConflict(tower, only('The tower is 125 metres wide.'))).toBe(false);
  });
});
