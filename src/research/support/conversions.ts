import type { Figure } from './figures.js';
import type { Token } from './tokens.js';

/**
 * Units one measure can be written in, with what one of each is in the first unit of its line
 * (data): a writer who adds "(22 lb)" after "10 kg" converts, and states nothing new.
 */
const SCALES: readonly (readonly [string, number])[][] = [
  [
    ['m', 1],
    ['mm', 0.001],
    ['cm', 0.01],
    ['km', 1000],
    ['in', 0.0254],
    ['ft', 0.3048],
    ['yd', 0.9144],
    ['mi', 1609.344],
  ],
  [
    ['km2', 1],
    ['mi2', 2.589988],
    ['ha', 0.01],
    ['acre', 0.004046856],
  ],
  [
    ['kg', 1],
    ['g', 0.001],
    ['t', 1000],
    ['lb', 0.45359237],
  ],
  [
    ['l', 1],
    ['gal', 3.785412],
  ],
  [
    ['km/h', 1],
    ['mph', 1.609344],
  ],
];

const TO_BASE: ReadonlyMap<string, { line: number; factor: number }> = new Map(
  SCALES.flatMap((line, index) => line.map(([unit, factor]) => [unit, { line: index, factor }] as const)),
);

/** Share of a converted value a writer's rounding may differ by (330 m is 1,083 ft, written 1,080). */
const ROUNDING = 0.03;

/** The value of `value` in `from` expressed in `to`, when both measure one thing. */
function converted(value: number, from: string, to: string): number | undefined {
  if (from === 'celsius' && to === 'fahrenheit') return (value * 9) / 5 + 32;
  if (from === 'fahrenheit' && to === 'celsius') return ((value - 32) * 5) / 9;
  const [source, target] = [TO_BASE.get(from), TO_BASE.get(to)];
  if (!source || !target || source.line !== target.line || from === to) return undefined;
  return (value * source.factor) / target.factor;
}

/** Every unit a value can be converted from or to. */
const UNITS: readonly string[] = [...TO_BASE.keys(), 'celsius', 'fahrenheit'];

/**
 * Every value `value` written in `unit` takes in another unit of its measure (10 m: 32.8 ft,
 * 0.01 km …); in another unit of any measure when its unit is not known.
 */
export function convertedValues(value: number, unit?: string): number[] {
  const from = unit === undefined ? UNITS : [unit];
  return from.flatMap((source) =>
    UNITS.flatMap((target) => {
      const result = converted(value, source, target);
      return result === undefined ? [] : [result];
    }),
  );
}

/** Whether some unit of `a` converts into some unit of `b` (metres and feet: yes; metres and kilograms: no). */
export function convertible(a: readonly string[], b: readonly string[]): boolean {
  return a.some((from) => b.some((to) => converted(1, from, to) !== undefined));
}

/** Whether `second` is `first` written in another unit, up to the writer's rounding. */
export function isConversion(first: Figure, second: Figure): boolean {
  return first.units.some((from) =>
    second.units.some((to) =>
      first.values.some((value) => {
        const expected = converted(value, from, to);
        if (expected === undefined) return false;
        const tolerance = Math.max(second.precision / 2, ROUNDING * Math.abs(expected));
        return second.values.some((written) => Math.abs(written - expected) <= tolerance);
      }),
    ),
  );
}

/**
 * Figures of a text written in brackets just after another figure they convert ("10 kg (22 lb)",
 * "330 m (about 1,080 ft)"), by the index of the figure they follow.
 */
export function bracketedConversions(
  figures: readonly Figure[],
  tokens: readonly Token[],
): Map<number, Figure> {
  const found = new Map<number, Figure>();
  figures.forEach((figure, index) => {
    const next = figures[index + 1];
    if (!next || tokens[figure.end]?.text !== '(') return;
    const between = tokens.slice(figure.end + 1, next.start);
    if (between.some((token) => token.kind !== 'word') || between.length > 2) return;
    if (isConversion(figure, next)) found.set(index, next);
  });
  return found;
}
