import type { Element } from './tree/index.js';

/**
 * The words of an element's class and id, as the boilerplate patterns read them. Pages repeat the
 * same class names on many elements, and the patterns are asked about each element several times
 * (cleaning, choosing, pruning): what is read from a name is remembered by the name's text.
 */

/**
 * Class tokens with "hide" or "hidden" in them that leave the block on a desktop screen: clipping
 * (`overflow-hidden`), hiding in print or on phones only (`hide-on-print`, `hidden-xs`, `hide-mobile`), a hidden
 * label or icon of a shown field (`field-label-hidden`, `hide-chevron`), collapsed accordion and
 * tab panels, which hold answers the page shows on a click.
 */
const shownDespiteHidden = [
  /overflow[-_]?(?:[xy][-_])?hidden/,
  /(?:^|[-_])(?:hide|hidden)[-_](?:on[-_]|for[-_]|in[-_])?(?:print|xs|sm|md|mobile|phone|small)$/,
  /^hide[-_]last[-_]/,
  /(?:label|chevron|icon|arrow|ordinal|border)[-_]hidden|(?:hide|hidden)[-_](?:label|chevron|icon|arrow|ordinal|border|bottom[-_]border)/,
  /(?:accordion|collapse|tabs?|panel|answer)[\w-]*[-_](?:hidden|hide)|hidden[-_]?answer/,
];

function isShownDespiteHidden(token: string): boolean {
  return /hid/.test(token) && shownDespiteHidden.some((pattern) => pattern.test(token));
}

/** The tokens of a class-and-id text (see `classTokensOf`). */
function tokensOf(names: string): readonly string[] {
  const raw = names.toLowerCase();
  const tokens: string[] = [];
  for (const token of raw.split(/\s+/)) {
    if (token.includes(':')) continue;
    const base = token.split('--')[0]!.split('@')[0]!;
    if (base === '' || isShownDespiteHidden(base)) continue;
    tokens.push(base);
  }
  return tokens;
}

/** Distinct class-and-id texts whose readings are remembered; past this it starts afresh. */
const MAX_REMEMBERED_NAMES = 5000;

/** The tokens of one class-and-id text and what each reading (by its number) made of them. */
interface NamesEntry {
  tokens: readonly string[];
  readings: unknown[];
}

/** Entries by their class-and-id text. */
const entriesByNames = new Map<string, NamesEntry>();

/** What an element remembers of its names (`Element.namesMemo`): the class and id it read, and their entry. */
interface NamesMemo {
  className: string;
  id: string;
  entry: NamesEntry;
}

/**
 * The entry of an element's class and id. An element is asked about many times (cleaning,
 * choosing, pruning): it keeps its entry, which costs less than joining and hashing its names at
 * each question. A changed class or id is read afresh.
 */
function entryOf(element: Element): NamesEntry {
  const className = element.getAttribute('class') ?? '';
  const id = element.getAttribute('id') ?? '';
  const known = element.namesMemo as NamesMemo | undefined;
  if (known !== undefined && known.className === className && known.id === id) return known.entry;
  const names = `${className} ${id}`;
  let entry = entriesByNames.get(names);
  if (entry === undefined) {
    if (entriesByNames.size >= MAX_REMEMBERED_NAMES) entriesByNames.clear();
    entry = { tokens: tokensOf(names), readings: [] };
    entriesByNames.set(names, entry);
  }
  element.namesMemo = { className, id, entry } satisfies NamesMemo;
  return entry;
}

/** A reading's slot before it is read. */
const NOT_READ: unique symbol = Symbol('not read');

/** Readings made so far: each has its number, its slot in every entry's `readings`. */
let readingCount = 0;

/**
 * A reading of an element's class and id tokens, remembered by their text (the reading must depend
 * on the tokens alone). Every reading shares one reading of the text into tokens.
 */
export function rememberedByNames<T>(read: (tokens: readonly string[]) => T): (element: Element) => T {
  const slot = readingCount++;
  return (element) => {
    const { tokens, readings } = entryOf(element);
    if (slot < readings.length) {
      const value = readings[slot];
      if (value !== NOT_READ) return value as T;
    } else while (readings.length <= slot) readings.push(NOT_READ);
    const value = read(tokens);
    readings[slot] = value;
    return value;
  };
}

/**
 * Class tokens and id of an element, lower-cased, without BEM modifiers or `@breakpoint` suffixes.
 * Tailwind variants (`dark:bg-gray-800`, `lg:hidden`) and clipping utilities are left out.
 */
export function classTokensOf(element: Element): readonly string[] {
  return entryOf(element).tokens;
}
