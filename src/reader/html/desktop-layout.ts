import { type Rule, readToken, type TokenReading } from './responsive-tokens.js';
import type { Element } from './tree/index.js';

/**
 * Responsive visibility classes: which blocks a desktop screen shows. A page built for every screen
 * size writes its phone and desktop layouts side by side and hides one of them with classes whose
 * names say where: a size (`xs`…`2xl`, `mobile`, `tablet`, `desktop`), a verb (`hidden`, `hide`,
 * `visible`, `show`, `only`) and maybe a direction (`lt`, `gt`, `up`, `down`). The grammar reads
 * three families of them, and reads no site's own names:
 * - utility cascades, where a bare hide is the base and a size variant overrides it from that size
 *   up: Tailwind (`hidden md:block`, `lg:hidden`, `max-md:hidden`), Bootstrap (`d-none d-lg-block`);
 * - a verb and a size as the last words of a token, in either order (`hidden-xs`, `visible-lg`,
 *   `hidden-md-down`, `hide-for-small-only`, `elementor-hidden-tablet`, `mobile-only`,
 *   `large-up-hide`, `ipsResponsive_hidePhone`, a CSS module's `_hidden-lt-md_x1y2z_18`);
 * - a verb with an `@size` suffix (`hide@medium`, `show@medium`), from that size up.
 * A block the desktop shows loses its hiding tokens (so no boilerplate pattern reads `hidden` in
 * `hidden md:block`); a block it hides is marked `hidden`, which cleaning removes like any hidden
 * block (small ones only, and the gentle pass keeps them).
 */

/** Where the desktop reads the page: a size rank (`lg` 3, `xl` 4, `2xl` 5) its width reaches. */
export interface DesktopLayout {
  /** The largest size variant that applies on the desktop: 3 is `lg` (~1024px), 4 `xl` (~1280px). */
  rank: number;
  /** Mark the blocks the desktop hides `hidden` (phone layouts, their menus and duplicates). */
  hide: boolean;
  /** Take the hiding tokens off the blocks the desktop shows (`hidden` in `hidden md:block`). */
  reveal: boolean;
}

/**
 * The tuned reading (off by default, see `ReaderSwitches.desktopLayout`): a desktop of about 1280
 * pixels, where `xl` variants apply and `2xl` do not.
 */
export const DESKTOP_LAYOUT: DesktopLayout = { rank: 4, hide: true, reveal: true };

/** What a class attribute says about the desktop. */
interface Reading {
  /** Rules of a cascade (a later, larger breakpoint overrides a smaller one); `from -1` is the base. */
  cascade: Rule[];
  /** Verb-and-size rules: a hide covering the desktop hides; shows hide everywhere they do not cover. */
  named: Rule[];
  /** Tokens that hide at some size, or always: what a block the desktop shows stops carrying. */
  hiding: Set<string>;
}

/** Distinct tokens whose readings are remembered; past this many it starts afresh. */
const MAX_REMEMBERED_TOKENS = 5000;
const tokenReadings = new Map<string, TokenReading | null>();

/** Reads one class attribute, token by token. */
function readClass(className: string): Reading {
  const reading: Reading = { cascade: [], named: [], hiding: new Set() };
  for (const token of className.split(/\s+/)) {
    if (token === '') continue;
    let known = tokenReadings.get(token);
    if (known === undefined) {
      if (tokenReadings.size >= MAX_REMEMBERED_TOKENS) tokenReadings.clear();
      known = readToken(token) ?? null;
      tokenReadings.set(token, known);
    }
    if (known === null) continue;
    if (known.rule === undefined || !known.rule.shown) reading.hiding.add(token);
    if (known.rule) (known.cascade ? reading.cascade : reading.named).push(known.rule);
  }
  return reading;
}

/**
 * Whether a desktop shows a block of this class (`true`), hides it (`false`), or the class says
 * nothing about screen sizes (`undefined`).
 */
export function shownOnDesktop(
  className: string,
  layout: DesktopLayout = DESKTOP_LAYOUT,
): boolean | undefined {
  return desktopShows(readClass(className), layout);
}

function desktopShows({ cascade, named }: Reading, layout: DesktopLayout): boolean | undefined {
  const sizedCascade = cascade.some((rule) => rule.from >= 0);
  if (named.length === 0 && !sizedCascade) return undefined;
  const covers = (rule: Rule) => rule.from <= layout.rank && layout.rank <= rule.to;
  if (named.some((rule) => !rule.shown && covers(rule))) return false;
  const shows = named.filter((rule) => rule.shown);
  if (shows.length > 0 && !shows.some(covers)) return false;
  // A bare `hidden` beside verb-and-size rules only names them (a CSS module's base class); in a
  // cascade the last rule that applies wins, the one starting at the largest size.
  if (!sizedCascade) return true;
  let winner: Rule | undefined;
  for (const rule of cascade)
    if ((rule.from < 0 || covers(rule)) && (!winner || rule.from > winner.from)) winner = rule;
  return winner?.shown ?? true;
}

/** Readings by desktop and class attribute: pages repeat the same few. Past this many it starts afresh. */
const MAX_REMEMBERED = 2000;
const remembered = new Map<string, { shown: boolean | undefined; kept: string }>();

/**
 * Lays the page out for a desktop: a block its responsive classes hide there is marked `hidden`; a
 * block they show loses its hiding tokens. Linear in the page's elements; each distinct class
 * attribute is read once.
 */
export function layOutForDesktop(elements: readonly Element[], layout: DesktopLayout = DESKTOP_LAYOUT): void {
  for (const element of elements) {
    const className = element.getAttribute('class');
    if (className === null || className === '') continue;
    const key = `${layout.rank} ${className}`;
    let known = remembered.get(key);
    if (known === undefined) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      const reading = readClass(className);
      const shown = desktopShows(reading, layout);
      const kept = className
        .split(/\s+/)
        .filter((token) => token !== '' && !reading.hiding.has(token))
        .join(' ');
      known = { shown, kept };
      remembered.set(key, known);
    }
    if (known.shown === false) {
      if (layout.hide) element.setAttribute('hidden', '');
    } else if (layout.reveal && known.shown === true && known.kept !== className)
      element.setAttribute('class', known.kept);
  }
}
