/** One element of a compiled glob: `*`, `?`, a bracket class, or a literal character. */
type GlobToken =
  | { kind: 'star' }
  | { kind: 'any' }
  | { kind: 'class'; negated: boolean; ranges: Array<[string, string]> }
  | { kind: 'literal'; character: string };

/** A compiled glob over one path segment (no `/`): `*.min.js`, `[Mm]akefile`, `?.txt`. */
export type SegmentGlob = readonly GlobToken[];

/** Parses `[...]` starting at `characters[start]` (the `[`); undefined when it does not close. */
function parseClass(
  characters: readonly string[],
  start: number,
): { token: GlobToken; end: number } | undefined {
  let index = start + 1;
  const negated = characters[index] === '!' || characters[index] === '^';
  if (negated) index += 1;
  const ranges: Array<[string, string]> = [];
  for (let first = true; index < characters.length; first = false) {
    let character = characters[index] as string;
    if (character === ']' && !first) return { token: { kind: 'class', negated, ranges }, end: index };
    if (character === '\\' && index + 1 < characters.length) character = characters[++index] as string;
    const dash = characters[index + 1] === '-' && characters[index + 2] !== undefined;
    if (dash && characters[index + 2] !== ']') {
      ranges.push([character, characters[index + 2] as string]);
      index += 3;
    } else {
      ranges.push([character, character]);
      index += 1;
    }
  }
  return undefined;
}

/**
 * Compiles one segment of a gitignore pattern: `*` any run of characters, `?` one character,
 * `[a-z]` / `[!a-z]` a class, `\x` the character x; every other character itself. Lower-cased, as
 * matching is case-insensitive.
 */
export function compileSegmentGlob(segment: string): SegmentGlob {
  const characters = [...segment.toLowerCase()];
  const tokens: GlobToken[] = [];
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] as string;
    if (character === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (character === '?') tokens.push({ kind: 'any' });
    else if (character === '\\' && index + 1 < characters.length) {
      tokens.push({ kind: 'literal', character: characters[++index] as string });
    } else {
      const parsed = character === '[' ? parseClass(characters, index) : undefined;
      if (parsed) {
        tokens.push(parsed.token);
        index = parsed.end;
      } else tokens.push({ kind: 'literal', character });
    }
  }
  return tokens;
}

function matchesOne(token: GlobToken, character: string): boolean {
  if (token.kind === 'any') return true;
  if (token.kind === 'literal') return token.character === character;
  if (token.kind === 'class') {
    const inside = token.ranges.some(([low, high]) => character >= low && character <= high);
    return inside !== token.negated;
  }
  return false;
}

/**
 * Whether `items` match `pattern`, where a `wildcard` pattern element matches any run of items and
 * every other element exactly one item (checked by `matches`). Greedy, remembering only the last
 * wildcard, so it takes at most |items| × |pattern| steps whatever the pattern: no backtracking
 * blow-up (a JavaScript regular expression of the same glob can take minutes).
 */
export function wildcardMatch<Item, Element>(options: {
  items: readonly Item[];
  pattern: readonly Element[];
  isWildcard: (element: Element) => boolean;
  matches: (element: Element, item: Item) => boolean;
}): boolean {
  const { items, pattern, isWildcard, matches } = options;
  let at = 0;
  let next = 0;
  let wildcard = -1;
  let resumeAt = 0;
  while (at < items.length) {
    const element = pattern[next];
    if (element !== undefined && !isWildcard(element) && matches(element, items[at] as Item)) {
      next += 1;
      at += 1;
    } else if (element !== undefined && isWildcard(element)) {
      wildcard = next;
      next += 1;
      resumeAt = at;
    } else if (wildcard >= 0) {
      // The last wildcard takes one more item, and the rest of the pattern starts again after it.
      next = wildcard + 1;
      resumeAt += 1;
      at = resumeAt;
    } else return false;
  }
  while (next < pattern.length && isWildcard(pattern[next] as Element)) next += 1;
  return next === pattern.length;
}

/** The literal characters a glob starts and ends with (the whole glob when it has no wildcard). */
interface LiteralEnds {
  prefix: string;
  suffix: string;
  exact: boolean;
}

const literalEnds = new WeakMap<SegmentGlob, LiteralEnds>();

function endsOf(glob: SegmentGlob): LiteralEnds {
  let ends = literalEnds.get(glob);
  if (!ends) {
    const literal = (token: GlobToken) => (token.kind === 'literal' ? token.character : undefined);
    const firstOther = glob.findIndex((token) => token.kind !== 'literal');
    const lastOther = glob.findLastIndex((token) => token.kind !== 'literal');
    const text = (tokens: readonly GlobToken[]) => tokens.map(literal).join('');
    ends =
      firstOther === -1
        ? { prefix: text(glob), suffix: '', exact: true }
        : { prefix: text(glob.slice(0, firstOther)), suffix: text(glob.slice(lastOther + 1)), exact: false };
    literalEnds.set(glob, ends);
  }
  return ends;
}

/** Whether a path segment (already lower-cased) matches a compiled segment glob. */
export function matchSegmentGlob(glob: SegmentGlob, segment: string): boolean {
  // The literal characters at either end of the glob must be there: most segments fail at once.
  const ends = endsOf(glob);
  if (ends.exact) return segment === ends.prefix;
  if (!segment.startsWith(ends.prefix) || !segment.endsWith(ends.suffix)) return false;
  return wildcardMatch({
    items: [...segment],
    pattern: glob,
    isWildcard: (token) => token.kind === 'star',
    matches: matchesOne,
  });
}
