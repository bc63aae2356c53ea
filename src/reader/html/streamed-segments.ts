import type { Element } from './tree/index.js';

/**
 * Parts of a page streamed by React's server renderer (React 18 on, every Next.js app-router page):
 * the page arrives with placeholders where slow parts go — a segment's `<template id="P:5">`, a
 * Suspense boundary's `<template id="B:6">` — and each part follows later in the same document, in
 * a hidden `<div hidden id="S:5">` that a small inline script (`$RS("S:5","P:5")`,
 * `$RC("B:6","S:6")`) moves into the placeholder's place. A browser shows the part there; a reader
 * running no scripts finds it hidden at the end of the body, and cleaning removes hidden blocks.
 * This does what the scripts do, matched by the ids' shared suffix (never the scripts' text): the
 * part's nodes go before its placeholder, and the placeholder and the emptied `div` go. A part
 * whose placeholder is missing, or inside the part itself, stays where it is. Linear in the page's
 * elements; parts nested in parts are placed in document order, their placeholders moving with them.
 */

/** The id of a streamed part (`S:5`, `S:1a`) and the ids of the placeholders it fills. */
const PART_ID = /^S:([0-9a-z]+)$/i;
const PLACEHOLDER_ID = /^[PB]:[0-9a-z]+$/i;

/**
 * Moves each streamed part of the page into its placeholder's place, as React's scripts do in a
 * browser. `elements` are the page's elements in document order; returns how many parts were placed.
 */
export function placeStreamedSegments(elements: readonly Element[]): number {
  const placeholders = new Map<string, Element>();
  const parts: { part: Element; suffix: string }[] = [];
  for (const element of elements) {
    const id = element.getAttribute('id');
    if (id === null || id.length < 3 || id[1] !== ':') continue;
    if (PLACEHOLDER_ID.test(id)) placeholders.set(id, element);
    else {
      const suffix = PART_ID.exec(id)?.[1];
      if (suffix !== undefined && element.hasAttribute('hidden')) parts.push({ part: element, suffix });
    }
  }
  let placed = 0;
  for (const { part, suffix } of parts) {
    const placeholder = placeholders.get(`P:${suffix}`) ?? placeholders.get(`B:${suffix}`);
    const parent = placeholder?.parentNode;
    if (!placeholder || !parent || part.contains(placeholder)) continue;
    while (part.firstChild) parent.insertBefore(part.firstChild, placeholder);
    placeholder.remove();
    part.remove();
    placed++;
  }
  return placed;
}
