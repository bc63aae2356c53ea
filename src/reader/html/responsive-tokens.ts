/**
 * The grammar of responsive visibility classes, token by token (see `desktop-layout.ts`): a size
 * (`xs`…`2xl`, `mobile`, `tablet`, `desktop`), a verb (`hidden`, `hide`, `visible`, `show`, `only`)
 * and maybe a direction (`lt`, `gt`, `up`, `down`, `for`), or a display utility with size variants.
 * Sizes are ranks of a grid's breakpoints, not pixels: frameworks differ by a few pixels, not by order.
 */

/** The largest rank: `2xl`/`xxl` and whatever is wider. */
export const TOP = 5;

/** Sizes by name, as ranges of ranks (inclusive): one breakpoint, or a kind of screen. */
const sizes: Record<string, readonly [number, number]> = {
  xs: [0, 0],
  sm: [1, 1],
  md: [2, 2],
  lg: [3, 3],
  xl: [4, 4],
  xxl: [5, 5],
  '2xl': [5, 5],
  phone: [0, 1],
  mobile: [0, 1],
  small: [0, 1],
  tablet: [2, 2],
  medium: [2, 2],
  laptop: [3, 4],
  desktop: [3, TOP],
  large: [3, TOP],
};

const hideVerbs = new Set(['hide', 'hidden', 'invisible']);
const showVerbs = new Set(['show', 'shown', 'visible']);
/** Words between a verb and its size that change nothing (`hide-for-small`, `showOnMobile`). */
const fillers = new Set(['on', 'for', 'in', 'at', 'is']);
/** Display values a `visible-xs-block` names after its size. */
const displayWords = new Set(['block', 'inline', 'flex']);
/** Display utilities of a cascade: what a bare token or a size variant sets. */
const shownDisplays =
  /^(?:block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|table-[a-z-]+|contents|flow-root|list-item|visible)$/;

/** One rule a class sets: shown or hidden over a range of size ranks. */
export interface Rule {
  from: number;
  to: number;
  shown: boolean;
}

/** Range of a direction word before a size (`lt-md`, `gt-md`, `max-md`). */
function rangeBefore(word: string, [from, to]: readonly [number, number]): [number, number] | undefined {
  if (word === 'lt' || word === 'below' || word === 'max' || word === 'under') return [0, from - 1];
  if (word === 'gt' || word === 'above' || word === 'over') return [to + 1, TOP];
  if (word === 'min' || word === 'from') return [from, TOP];
  return undefined;
}

/** Range of a direction word after a size (`md-up`, `md-down`, `small-only`). */
function rangeAfter(word: string, [from, to]: readonly [number, number]): [number, number] | undefined {
  if (word === 'up' || word === 'plus') return [from, TOP];
  if (word === 'down') return [0, to];
  if (word === 'only') return [from, to];
  return undefined;
}

/** The words of a token: split at `-`, `_` and camel-case humps, a CSS module's hash cut off. */
function wordsOf(token: string): string[] {
  const name = token.replace(/_[a-z0-9]{5,6}_\d+$/i, '');
  return name
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_]+/)
    .filter((word) => word !== '');
}

/** A rule of a verb, a size and a direction, each named by a word. */
function ruleOf(verb: string, range: readonly [number, number] | undefined): Rule | undefined {
  if (range === undefined) return undefined;
  if (hideVerbs.has(verb)) return { from: range[0], to: range[1], shown: false };
  return showVerbs.has(verb) ? { from: range[0], to: range[1], shown: true } : undefined;
}

/** A verb-and-size rule read from the last words of a token, if they are one. */
function namedRule(words: readonly string[]): Rule | undefined {
  let end = words.length;
  while (end > 0 && displayWords.has(words[end - 1]!)) end--;
  // A verb, a direction and a size (`hidden-lt-md`, `hidden-md-down`, `hide-for-small-only`).
  let at = end - 1;
  const after = words[at]!;
  const sizeAfter = at >= 1 && rangeAfter(after, [0, 0]) ? sizes[words[at - 1]!] : undefined;
  if (sizeAfter) at--;
  const size = sizeAfter ?? sizes[words[at] ?? ''];
  if (size !== undefined) {
    // Bootstrap 3's largest size has no end (`hidden-lg`, `visible-lg`): no `xl` follows it.
    let range = sizeAfter ? rangeAfter(after, size)! : words[at] === 'lg' ? ([3, TOP] as const) : size;
    at--;
    const before = rangeBefore(words[at] ?? '', size);
    if (before) {
      range = before;
      at--;
    }
    // Foundation's `hide-for-medium`, `show-for-large`: from that size up, unless `-only`.
    if (words[at] === 'for' && !before && !sizeAfter) range = [size[0], TOP];
    while (at >= 0 && fillers.has(words[at]!)) at--;
    // `mobile-only`, `desktop-only`: shown there only. With words before it the token names what
    // those words do there (`accordion--mobile-only`: an accordion on phones, open on a desktop).
    const only = sizeAfter && after === 'only' && end === 2;
    return ruleOf(words[at] ?? '', range) ?? (only ? ruleOf('show', range) : undefined);
  }
  // A size, a direction and a verb (`mobile-hidden`, `small-hide`, `large-up-hide`).
  const verb = words[end - 1] ?? '';
  const direction = words[end - 2] ?? '';
  const sized = sizes[direction];
  if (sized) return ruleOf(verb, sized);
  const directed = sizes[words[end - 3] ?? ''];
  return directed ? ruleOf(verb, rangeAfter(direction, directed)) : undefined;
}

/** Breakpoints of a grid, by rank: what a cascade's steps start at. */
const breakpoints = new Map([
  ['xs', 0],
  ['sm', 1],
  ['md', 2],
  ['lg', 3],
  ['xl', 4],
  ['xxl', 5],
  ['2xl', 5],
]);

/** A cascade step written as words (`md-hide`, `xs-block`): a breakpoint, then a display or a verb. */
function cascadeStep(words: readonly string[]): Rule | undefined {
  const from = breakpoints.get(words[words.length - 2] ?? '');
  const display = words[words.length - 1] ?? '';
  if (from === undefined) return undefined;
  if (hideVerbs.has(display) || display === 'none') return { from, to: TOP, shown: false };
  return showVerbs.has(display) || shownDisplays.test(display) ? { from, to: TOP, shown: true } : undefined;
}

/** The rank a cascade's size variant starts at (`md` 2), or its range for `max-md`. */
function variantRange(variant: string): [number, number] | undefined {
  const max = variant.startsWith('max-');
  const size = sizes[max ? variant.slice(4) : variant];
  if (size === undefined || size[0] !== size[1] || variant === 'xs') return undefined;
  return max ? [0, size[0] - 1] : [size[0], TOP];
}

/** What one class token says: a rule of a cascade or a named one, or a bare hide (`hidden`). */
export type TokenReading = { rule: Rule; cascade: boolean } | { rule: undefined; cascade: false };

/** A bare hide: the base of a cascade, or the name of a CSS module's rules. */
const BARE_HIDE: TokenReading = { rule: undefined, cascade: false };

/** Reads one class token (`undefined`: it says nothing of display). */
export function readToken(token: string): TokenReading | undefined {
  const utility = token.replace(/^!/, '');
  // Tailwind: size variants then a display utility (`md:block`, `max-lg:hidden`).
  if (utility.includes(':')) {
    const parts = utility.split(':');
    const display = parts.pop()!.replace(/^!/, '');
    if (display !== 'hidden' && display !== 'invisible' && !shownDisplays.test(display)) return undefined;
    let from = 0;
    let to = TOP;
    for (const variant of parts) {
      const range = variantRange(variant);
      if (!range) return undefined;
      [from, to] = [Math.max(from, range[0]), Math.min(to, range[1])];
    }
    return { rule: { from, to, shown: shownDisplays.test(display) }, cascade: true };
  }
  // Bootstrap's display utilities (`d-none`, `d-lg-block`); bare Tailwind ones are the base.
  const bootstrap = /^d-(?:(sm|md|lg|xl|xxl)-)?([a-z-]+)$/.exec(utility);
  const display = bootstrap ? bootstrap[2]! : utility;
  const hides = display === 'hidden' || display === 'invisible' || (bootstrap !== null && display === 'none');
  if (hides || shownDisplays.test(display)) {
    const range = bootstrap?.[1] ? variantRange(bootstrap[1]) : undefined;
    return { rule: { from: range ? range[0] : -1, to: TOP, shown: !hides }, cascade: true };
  }
  if (!/hid|show|visible|only|@|(?:^|[-_])(?:xs|sm|md|lg|xl|xxl|2xl)[-_]/i.test(token)) return undefined;
  // `hide@medium`, `show@medium`: from that size up.
  const [base, suffix] = token.split('@');
  const suffixSize = suffix === undefined ? undefined : sizes[suffix];
  if (suffixSize) {
    const verb = (base ?? '').toLowerCase();
    if (!hideVerbs.has(verb) && !showVerbs.has(verb)) return undefined;
    return { rule: { from: suffixSize[0], to: TOP, shown: showVerbs.has(verb) }, cascade: false };
  }
  const words = wordsOf(token);
  // A breakpoint then a display (`md-hide`, `md-block`): a cascade step from that size up.
  const step = cascadeStep(words);
  if (step) return { rule: step, cascade: true };
  const rule = namedRule(words);
  if (rule) return { rule, cascade: false };
  return words.length === 1 && hideVerbs.has(words[0]!) ? BARE_HIDE : undefined;
}
