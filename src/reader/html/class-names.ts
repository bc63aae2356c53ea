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

/** The element's class and id as one text: what the remembered readings are keyed by. */
function namesOf(element: Element): string {
  return `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
}

/** Distinct class-and-id texts remembered by one reading; past this it starts afresh. */
const MAX_REMEMBERED_NAMES = 5000;

/**
 * A reading of an element's class and id tokens, remembered by their text (the reading must depend
 * on the tokens alone).
 */
export function rememberedByNames<T>(read: (tokens: readonly string[]) => T): (element: Element) => T {
  const remembered = new Map<string, T>();
  return (element) => {
    const names = namesOf(element);
    let value = remembered.get(names);
    if (value === undefined) {
      if (remembered.size >= MAX_REMEMBERED_NAMES) remembered.clear();
      value = read(tokensOf(names));
      remembered.set(names, value);
    }
    return value;
  };
}

/**
 * Class tokens and id of an element, lower-cased, without BEM modifiers or `@breakpoint` suffixes.
 * Tailwind variants (`dark:bg-gray-800`, `lg:hidden`) and clipping utilities are left out.
 */
export const classTokensOf = rememberedByNames((tokens) => tokens);
