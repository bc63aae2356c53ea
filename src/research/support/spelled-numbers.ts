import { ORDINAL_WORDS, SCALES, SMALL_NUMBERS, TENS } from './number-words.js';
import type { Token } from './tokens.js';

/** A number written in words: its value, where it ends, and whether it is an ordinal. */
export interface SpelledNumber {
  value: number;
  /** Index of the token after the last one read. */
  end: number;
  ordinal: boolean;
}

function wordAt(tokens: readonly Token[], index: number): string | undefined {
  const token = tokens[index];
  return token?.kind === 'word' ? token.folded : undefined;
}

/**
 * Reads English number words from `start`: "three", "twenty-five", "three hundred and twenty",
 * "two million", "twenty-first". Undefined when no number word starts there. Reads at most a
 * dozen tokens, so hostile text cannot make it slow.
 */
export function readSpelledNumber(tokens: readonly Token[], start: number): SpelledNumber | undefined {
  let total = 0;
  let current = 0;
  let index = start;
  let read = false;
  let ordinal = false;
  // What the last word read may be followed by: "twenty" takes "five", "five" takes only a scale.
  let takesUnits = true;
  for (let steps = 0; steps < 12 && !ordinal; steps += 1) {
    const word = wordAt(tokens, index);
    if (word === undefined) break;
    const small = SMALL_NUMBERS.get(word) ?? TENS.get(word);
    const scale = SCALES.get(word);
    const ordinalValue = ORDINAL_WORDS.get(word);
    if (small !== undefined) {
      if (!takesUnits || (read && small >= 10 && current % 100 !== 0)) break;
      current += small;
      takesUnits = small >= 20;
    } else if (ordinalValue !== undefined) {
      if (ordinalValue < 100 && !takesUnits) break;
      if (ordinalValue >= 100) current = (current || 1) * ordinalValue;
      else current += ordinalValue;
      ordinal = true;
    } else if (scale === 100) {
      if (!read) break;
      current *= 100;
      takesUnits = true;
    } else if (scale !== undefined && read && !word.endsWith('s')) {
      total += current * scale;
      current = 0;
      takesUnits = true;
    } else if (
      word === 'and' &&
      read &&
      /^(hundred|thousand|million|billion)$/.test(wordAt(tokens, index - 1) ?? '')
    ) {
      const next = wordAt(tokens, index + 1);
      if (next === undefined || (SMALL_NUMBERS.get(next) ?? TENS.get(next)) === undefined) break;
    } else {
      break;
    }
    read = true;
    index += 1;
    // "twenty-five": a hyphen joined on both sides continues the number.
    const hyphen = tokens[index];
    if (hyphen?.text === '-' && hyphen.joined && tokens[index + 1]?.joined && wordAt(tokens, index + 1)) {
      const next = wordAt(tokens, index + 1) ?? '';
      if (SMALL_NUMBERS.has(next) || ORDINAL_WORDS.has(next)) index += 1;
    }
  }
  if (!read) return undefined;
  return { value: total + current, end: index, ordinal };
}
