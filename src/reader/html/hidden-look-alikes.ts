import { isScreenReaderOnly } from './boilerplate.js';
import { classTokensOf } from './class-names.js';
import { childElementsOf, groupBy, isText, tagOf } from './dom.js';
import { hidingWord } from './hiding-classes.js';
import { readClassTokens } from './token-readings.js';
import type { Element } from './tree/index.js';

/**
 * Look-alike siblings a page hides by class name, which its scripts or style sheets show one of:
 * tab panels (`<ul class="templates-list">` shown, `<ul class="templates-list hidden">` beside it)
 * and a layout written once per screen size, each copy hidden on the screens it is not for
 * (`<div class="ssr-variant hidden-c64fhs hidden-sz3upx">`). Cleaning reads `hidden` and `hide` in
 * a class as boilerplate, so when every copy carries one, all go, and a tab set keeps only the tab
 * shown. Siblings are look-alikes when their tag and class are the same once the hiding tokens are
 * left out. When exactly one is shown, the hidden ones whose text differs from it are its other
 * tabs and are shown; when none is, the first with text is shown (the others are copies of it or
 * tabs after it). Works on the tree before it is cleaned; each parent's children are read once.
 */

/**
 * The element's class tokens, as written, that hide it: those the boilerplate patterns read as a
 * hiding word (`overflow-hidden`, `hidden-xs`, `hide-scrollbar` and Tailwind's `lg:hidden` are not;
 * see `class-names.ts`, `token-readings.ts`), on an element that is no screen-reader text
 * (`visually-hidden` is read, not hidden).
 */
function hidingTokensOf(element: Element): string[] {
  const className = element.getAttribute('class');
  if (className === null || !/hid/i.test(className) || isScreenReaderOnly(element)) return [];
  const read = new Set(readClassTokens(classTokensOf(element)).filter((token) => hidingWord.test(token)));
  if (read.size === 0) return [];
  return className
    .split(/\s+/)
    .filter((token) => read.has(token.toLowerCase().split('--')[0]!.split('@')[0]!));
}

/** What look-alikes share: the tag and the class without its hiding tokens, in order. */
function lookAlikeKeyOf(element: Element): string {
  const hiding = hidingTokensOf(element);
  const tokens = (element.getAttribute('class') ?? '')
    .split(/\s+/)
    .filter((token) => token !== '' && !hiding.includes(token));
  return `${tagOf(element)} ${tokens.sort().join(' ')}`;
}

/** Shows, among each parent's look-alike children, the tabs or the one copy a screen would show. */
export function revealHiddenLookAlikes(elements: readonly Element[]): void {
  const parents = new Set<Element>();
  for (const element of elements) {
    const parent = element.parentElement;
    if (parent && !parents.has(parent) && hidingTokensOf(element).length > 0) parents.add(parent);
  }
  for (const parent of parents) {
    const classed = childElementsOf(parent).filter((child) => child.hasAttribute('class'));
    for (const group of groupBy(classed, lookAlikeKeyOf).values()) if (group.length > 1) revealInGroup(group);
  }
}

function revealInGroup(group: Element[]): void {
  const hidden: Element[] = [];
  const shown: Element[] = [];
  for (const element of group) (hidingTokensOf(element).length > 0 ? hidden : shown).push(element);
  if (hidden.length === 0) return;
  if (shown.length === 0) {
    const first = hidden.find((element) => openingOf(element) !== '');
    if (first) dropHidingTokens(first);
    return;
  }
  // More than one shown: a list the page filters or pages, not a tab set.
  if (shown.length > 1) return;
  const shownOpening = openingOf(shown[0]!);
  for (const element of hidden) {
    const opening = openingOf(element);
    if (opening !== '' && opening !== shownOpening) dropHidingTokens(element);
  }
}

/** Letters of an element's opening its copies share; read up to so many, so nested groups stay linear. */
const OPENING_LETTERS = 200;
const OPENING_NODES = 2000;

/**
 * The first `OPENING_LETTERS` non-space characters of the element's text (fewer past `OPENING_NODES`
 * nodes): a copy of a block opens as it does, another tab does not.
 */
function openingOf(element: Element): string {
  let opening = '';
  let visited = 0;
  let node = element.firstChild;
  while (node !== null && opening.length < OPENING_LETTERS && visited++ < OPENING_NODES) {
    if (isText(node)) opening += node.data.replace(/\s+/g, '');
    else if (node.firstChild !== null) {
      node = node.firstChild;
      continue;
    }
    while (node !== null && node !== element && node.nextSibling === null) node = node.parentNode;
    if (node === null || node === element) break;
    node = node.nextSibling;
  }
  return opening.slice(0, OPENING_LETTERS);
}

/** Takes the element's hiding class tokens off (a changed class is read afresh by the patterns). */
function dropHidingTokens(element: Element): void {
  const hiding = new Set(hidingTokensOf(element));
  const kept = (element.getAttribute('class') ?? '').split(/\s+/).filter((token) => !hiding.has(token));
  element.setAttribute('class', kept.join(' '));
}
