import type { Token } from './tokens.js';
import { UNITS } from './unit-names.js';

/** Unit ids by folded spelling. */
const UNIT_IDS: ReadonlyMap<string, readonly string[]> = (() => {
  const ids = new Map<string, string[]>();
  for (const [id, spellings] of UNITS) {
    for (const spelling of spellings) ids.set(spelling, [...(ids.get(spelling) ?? []), id]);
  }
  return ids;
})();

/** Longest spelling, in tokens (`square kilometres`, `km / h`). */
const MAX_UNIT_TOKENS = 3;

/**
 * The unit written at `index` (after a number, its scale, or a hyphen: `330 m`, `330-metre`,
 * `45 per cent`, `90 km/h`), and the index after it; undefined when none is.
 */
export function unitAfter(
  tokens: readonly Token[],
  index: number,
): { units: string[]; end: number } | undefined {
  let start = index;
  if (tokens[start]?.text === '-' && tokens[start]?.joined && tokens[start + 1]?.joined) start += 1;
  for (let length = MAX_UNIT_TOKENS; length >= 1; length -= 1) {
    let spelling = '';
    let complete = true;
    for (let offset = 0; offset < length; offset += 1) {
      const token = tokens[start + offset];
      if (
        !token ||
        (token.kind !== 'word' && token.kind !== 'mark') ||
        token.text === ',' ||
        token.text === '.'
      ) {
        complete = false;
        break;
      }
      spelling += offset > 0 && !token.joined ? ` ${token.folded}` : token.folded;
    }
    const units = complete ? UNIT_IDS.get(spelling) : undefined;
    if (units) return { units: [...units], end: start + length };
  }
  return undefined;
}
