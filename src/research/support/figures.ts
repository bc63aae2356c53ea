import { HEDGES, NUMBER_PREFIXES } from './common-words.js';
import { MONEY_SCALE_LETTERS, ORDINAL_SUFFIXES, SCALES } from './number-words.js';
import { readSpelledNumber } from './spelled-numbers.js';
import type { Token } from './tokens.js';
import { CURRENCY_PREFIXES } from './unit-names.js';
import { unitAfter } from './units.js';
import { valuesOf } from './written-numbers.js';

/** A figure written in a text: a number with what it counts or measures. */
export interface Figure {
  /** The figure as written (`1.5 million`, `330 m`, `9th`, `three`). */
  text: string;
  kind: 'number' | 'year' | 'decade' | 'ordinal' | 'code';
  /** The values it may mean (`1.500` is 1500 or 1.5); a decade is its first year. */
  values: number[];
  /** Ids of the units it may carry (`pounds`: money or mass); empty when it has none. */
  units: string[];
  /** A hedge before it ("about", "nearly", "more than"). */
  hedged: boolean;
  /** The place of its last written digit times its scale: 100,000 for `1.5 million`. */
  precision: number;
  /** The scale word it carries (`million`: 1,000,000), 1 when none. */
  scale: number;
  /** Written in words ("three") rather than digits. */
  spelled: boolean;
  /** Letters and digits of an identifier (`F1`, `COVID-19`, `B-52`), folded and squashed. */
  code?: string;
  /** Token range `[start, end)`. */
  start: number;
  end: number;
}

/** Whether a hedge word stands just before the figure starting at `index` ("about 300", "more than 12"). */
function hedgedAt(tokens: readonly Token[], index: number): boolean {
  for (let back = index - 1; back >= Math.max(0, index - 3); back -= 1) {
    const token = tokens[back];
    if (!token) break;
    if (HEDGES.has(token.folded)) return true;
    if (token.kind === 'number' || token.text === '.' || token.text === ';') break;
  }
  return false;
}

/** The currency written just before `index` (`$`, `€`, `USD`), if any. */
function currencyBefore(tokens: readonly Token[], index: number): string | undefined {
  const previous = tokens[index - 1];
  if (!previous) return undefined;
  return CURRENCY_PREFIXES.get(previous.folded);
}

const isWord = (token: Token | undefined): token is Token => token?.kind === 'word';

/** Whether the number at `index` belongs to an identifier (`F1`, `COVID-19`, `B-52`, `A380`). */
function codeStart(tokens: readonly Token[], index: number): number | undefined {
  const number = tokens[index];
  const previous = tokens[index - 1];
  if (!number?.joined || !previous) return undefined;
  if (isWord(previous) && !NUMBER_PREFIXES.has(previous.folded) && !CURRENCY_PREFIXES.has(previous.folded)) {
    return index - 1;
  }
  const word = tokens[index - 2];
  if (previous.text === '-' && previous.joined && isWord(word) && !NUMBER_PREFIXES.has(word.folded)) {
    return index - 2;
  }
  return undefined;
}

/** The identifier from `start` through the number at `index` and what is glued after it. */
function codeFigure(tokens: readonly Token[], start: number, index: number, text: string): Figure {
  let end = index + 1;
  while (end < index + 3 && tokens[end]?.joined && (isWord(tokens[end]) || tokens[end]?.kind === 'number')) {
    end += 1;
  }
  const code = tokens
    .slice(start, end)
    .map((token) => token.folded)
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '');
  return {
    text: text.slice(tokens[start]?.start ?? 0, tokens[end - 1]?.end ?? 0),
    kind: 'code',
    values: [],
    units: [],
    hedged: false,
    precision: 1,
    scale: 1,
    spelled: false,
    code,
    start,
    end,
  };
}

/** The scale written after a number (`1.5 million`, `$4m`, `€2bn`), and the index after it. */
function scaleAfter(tokens: readonly Token[], index: number, money: boolean): { scale: number; end: number } {
  const token = tokens[index];
  if (isWord(token)) {
    const letter = money && token.joined ? MONEY_SCALE_LETTERS.get(token.folded) : undefined;
    const scale = letter ?? (token.folded.endsWith('s') ? undefined : SCALES.get(token.folded));
    if (scale !== undefined) return { scale, end: index + 1 };
  }
  return { scale: 1, end: index };
}

/** The figure of digits at `index`. */
function digitFigure(tokens: readonly Token[], index: number, text: string): Figure | undefined {
  const token = tokens[index];
  if (!token) return undefined;
  const code = codeStart(tokens, index);
  if (code !== undefined) return codeFigure(tokens, code, index, text);
  const currency = currencyBefore(tokens, index);
  const { values, precision } = valuesOf(token.text);
  const next = tokens[index + 1];
  const start = currency ? index - 1 : index;
  const base = { hedged: hedgedAt(tokens, start), spelled: false, scale: 1, start };
  const span = (end: number) => text.slice(tokens[start]?.start ?? 0, tokens[end - 1]?.end ?? 0);
  if (isWord(next) && next.joined && ORDINAL_SUFFIXES.has(next.folded) && Number.isInteger(values[0])) {
    return { ...base, text: span(index + 2), kind: 'ordinal', values, units: [], precision, end: index + 2 };
  }
  const apostrophe = next?.text === "'" && next.joined ? 1 : 0;
  const decadeMark = tokens[index + 1 + apostrophe];
  if (isWord(decadeMark) && decadeMark.joined && decadeMark.folded === 's' && (values[0] ?? 1) % 10 === 0) {
    const value = values[0] ?? 0;
    const decades = token.text.length === 2 ? [1900 + value, 2000 + value] : [value];
    return {
      ...base,
      text: span(index + 2 + apostrophe),
      kind: 'decade',
      values: decades,
      units: [],
      precision: 10,
      end: index + 2 + apostrophe,
    };
  }
  const scaled = scaleAfter(tokens, index + 1, currency !== undefined);
  const unit = unitAfter(tokens, scaled.end);
  const end = unit?.end ?? scaled.end;
  const units = currency ? [currency] : (unit?.units ?? []);
  if (!unit && isWord(tokens[end]) && tokens[end]?.joined) return codeFigure(tokens, index, index, text);
  const isYear =
    scaled.scale === 1 &&
    units.length === 0 &&
    /^\d{4}$/.test(token.text) &&
    Number(token.text) >= 1000 &&
    Number(token.text) <= 2199;
  return {
    ...base,
    text: span(end),
    kind: isYear ? 'year' : 'number',
    values: values.map((value) => value * scaled.scale),
    units,
    precision: precision * scaled.scale,
    scale: scaled.scale,
    end,
  };
}

/** The figure written in words at `index` ("three", "twenty-five metres", "ninth"). */
function spelledFigure(tokens: readonly Token[], index: number, text: string): Figure | undefined {
  const spelled = readSpelledNumber(tokens, index);
  if (!spelled) return undefined;
  const unit = spelled.ordinal ? undefined : unitAfter(tokens, spelled.end);
  const end = unit?.end ?? spelled.end;
  return {
    text: text.slice(tokens[index]?.start ?? 0, tokens[end - 1]?.end ?? 0),
    kind: spelled.ordinal ? 'ordinal' : 'number',
    values: [spelled.value],
    units: unit?.units ?? [],
    hedged: hedgedAt(tokens, index),
    precision: 1,
    scale: 1,
    spelled: true,
    start: index,
    end,
  };
}

/**
 * `2018-19` is 2018 to 2019; in `5-10 million` and `5 to 10%`, the first number takes the second's
 * scale and unit.
 */
function joinRanges(figures: Figure[], tokens: readonly Token[]): void {
  for (let index = 1; index < figures.length; index += 1) {
    const first = figures[index - 1];
    const second = figures[index];
    if (!first || !second || second.start - first.end !== 1) continue;
    const link = tokens[first.end];
    if (!(link?.text === '-' || link?.folded === 'to' || link?.folded === 'and')) continue;
    const written = tokens[second.start]?.text ?? '';
    if (first.kind === 'year' && /^\d{2}$/.test(written) && link.text === '-') {
      const century = Math.floor((first.values[0] ?? 0) / 100) * 100;
      const end = century + Number(written);
      if (end > (first.values[0] ?? 0)) Object.assign(second, { kind: 'year', values: [end] });
      continue;
    }
    if (first.units.length === 0 && second.units.length > 0) first.units = [...second.units];
    if (second.scale > 1 && first.scale === 1) {
      first.values = [...first.values, ...first.values.map((value) => value * second.scale)];
    }
  }
}

/** Every figure of the tokens not taken by a date (`taken`), in order. */
export function findFigures(tokens: readonly Token[], text: string, taken: ReadonlySet<number>): Figure[] {
  const figures: Figure[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token || taken.has(index)) continue;
    // A clock time (`15:30`) is neither a figure nor a date here.
    if (token.kind === 'number' && tokens[index + 1]?.text === ':' && tokens[index + 2]?.kind === 'number') {
      index += 2;
      continue;
    }
    const figure =
      token.kind === 'number'
        ? digitFigure(tokens, index, text)
        : token.kind === 'word'
          ? spelledFigure(tokens, index, text)
          : undefined;
    if (!figure) continue;
    figures.push(figure);
    index = Math.max(index, figure.end - 1);
  }
  joinRanges(figures, tokens);
  return figures;
}
