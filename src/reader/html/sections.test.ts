import { describe, expect, it } from 'vitest';
import { parseDocument } from './parse.js';
import { headedSectionOf, headingLevelOf, headingsOf } from './sections.js';
import type { Element } from './tree/index.js';

const bodyOf = (html: string) => parseDocument(`<html><body>${html}</body></html>`).querySelector('body')!;

/** A teaser section's heading: what the caller in `prune.ts` lets a section run past. */
const opens = (heading: Element) => heading.textContent.startsWith('Related');

/** The section as it was found before a walk read only what each level adds: every heading at every level. */
function sectionByFullReads(heading: Element, root: Element, alsoOpens?: (heading: Element) => boolean) {
  const level = headingLevelOf(heading);
  const ends = (element: Element) =>
    headingsOf(element).some(
      (other) => other !== heading && headingLevelOf(other) <= level && !alsoOpens?.(other),
    );
  let section: Element = heading;
  for (let parent = section.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (ends(parent)) break;
    section = parent;
  }
  return section;
}

/** A small random page of nested sections, headings of levels 2–4, some teaser headings, some text. */
function randomPage(seed: number): string {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
  const block = (depth: number): string => {
    const parts: string[] = [];
    for (let count = next(4); count >= 0; count--) {
      const pick = next(depth > 4 ? 3 : 5);
      if (pick === 0)
        parts.push(`<h${2 + next(3)}>${next(3) === 0 ? 'Related' : 'Part'} ${next(100)}</h${2 + next(3)}>`);
      else if (pick === 1) parts.push(`<p>Text ${next(100)}</p>`);
      else if (pick === 2) parts.push(`<span>more</span>`);
      else parts.push(`<section>${block(depth + 1)}</section>`);
    }
    return parts.join('');
  };
  return block(0);
}

describe('headedSectionOf', () => {
  it('finds the same section as reading every heading at every level, on 300 random pages', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const root = bodyOf(randomPage(seed));
      for (const heading of headingsOf(root)) {
        for (const alsoOpens of [undefined, opens]) {
          expect(headedSectionOf(heading, root, { alsoOpens })[0], `seed ${seed}`).toBe(
            sectionByFullReads(heading, root, alsoOpens),
          );
        }
      }
    }
  });

  it('runs a teaser section to the outermost of 400 nested ones, or stops at its own without the opener test', () => {
    const depth = 400;
    const root = bodyOf(
      `${'<section><h3>Related stories</h3><p>More</p>'.repeat(depth)}${'</section>'.repeat(depth)}`,
    );
    const headings = headingsOf(root);
    const innermost = headings.at(-1)!;
    expect(headedSectionOf(innermost, root, { alsoOpens: opens })[0]).toBe(root.firstElementChild);
    expect(headedSectionOf(innermost, root)[0]).toBe(innermost.parentElement);
  });
});
