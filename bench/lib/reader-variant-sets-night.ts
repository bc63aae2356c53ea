/**
 * The variant sets of `bench/reader-folds.ts` from 2026-12-02's night round (closing sections, the
 * headline lead, standfirst and title heading, desktop layout, sibling panels, the thread pass), with
 * what each measured, and `night`: all of that round's mechanisms off, or all shipped.
 *
 * `--variants siblings` on 2026-12-02 (load 12-15, `--no-baseline`): WCXB whole set hidden 0.8753,
 * shown 0.8757 (product 0.6363 → 0.6410, service 0.8410 → 0.8417; no page worse); every fold chose
 * shown, held out by site 0.876 ± 0.014 against 0.875 ± 0.013; trafilatura 0.9473 both (no page moves).
 * `--variants hidden` (desktop layout, off): WCXB off 0.8753, hides only 0.8747, shows only 0.8748,
 * both 0.8746, held out 0.875 ± 0.014 (4 folds chose off); trafilatura off 0.9473, shows 0.9471.
 * `--variants sections` on 2026-12-02 (load 9-14, `--no-baseline`): trafilatura 0.9473 for every
 * variant (TP 2847, FN 104, FP 213); WCXB whole set sections cut 0.8753, kept 0.8756, kept on
 * articles only 0.8754, headings by tag 0.8754, headed sections only 0.8754; held out by site 0.876
 * ± 0.013 (every fold chose sections kept) against 0.875 ± 0.013 were they always cut. Variants
 * measured the same evening and dropped (no gain held out): a section's heading matched by its tag
 * alone where the story has none of its own, and look-alike blocks in a row joined — 0.8756 both,
 * as kept; the tail cut only after a story of at least 500/1000/1500/2000 letters — WCXB 0.8754,
 * 0.8757, 0.8757, 0.8755, held out 0.875 ± 0.014 (the folds chose 1500, 1000, none, 2000, 1500),
 * trafilatura 0.9473, 0.9468, 0.9462, 0.9459; the tail allowed 1.5 or 2 times the story's letters
 * (`afterShare`) — trafilatura FP 213 → 211, WCXB 0.8756 → 0.8753, 0.8749.
 * `--variants recall` on 2026-12-02 (load 8-13, `--no-baseline`): trafilatura lead off 0.9473,
 * shipped 0.9492, any ending 0.9494, articles only 0.9485; held out 0.949 ± 0.009 (every fold chose
 * any ending) against 0.947 ± 0.009 off; WCXB 0.8753, 0.8756, 0.8755, 0.8754; held out 0.876 ±
 * 0.013 (every fold chose the shipped lead) against 0.875 ± 0.013 off.
 * `--variants thread` (same evening, load 13-18): trafilatura off 0.9492, below 1000 0.9498, 2500
 * and 5000 0.9494, held out 0.950 ± 0.009 (every fold chose 1000); WCXB 0.8756, 0.8761, 0.8765,
 * 0.8765, held out 0.876 ± 0.014 (four folds chose 2500, one 1000). Left off: on, it reads the
 * comment thread after a short blog post (src/reader/html/article-choice.test.ts).
 * `--variants heads` on 2026-12-02 (load 12-15, `--no-baseline`): trafilatura whole set heads off
 * 0.9477, standfirst only 0.9487, title heading only 0.9482, both 0.9491, empty slots repeat 0.9487;
 * held out by site 0.949 ± 0.008 (four folds chose both, one empty slots repeat) against 0.948 ±
 * 0.008 heads off. WCXB 0.8753 off, 0.8756 both (and with empty slots repeating); held out 0.875 ±
 * 0.013 either way (folds split between both, empty slots repeat and the title heading dropped too).
 * `--variants night` on 2026-12-03 (the merged tree, load 12-16, `--no-baseline`): trafilatura night
 * off 0.9473, on 0.9511, held out by site 0.951 ± 0.008 (every fold chose on) against 0.947 ± 0.009
 * off; WCXB off 0.8753, on 0.8765, held out 0.876 ± 0.013 (every fold chose on) against 0.875 ± 0.013.
 */
import {
  DESKTOP_LAYOUT,
  HEADLINE_LEAD_LIMITS,
  INSET_LIMITS,
  STORY_SECTION_LIMITS,
  STORY_TAIL_LIMITS,
  TITLE_HEADING_LIMITS,
} from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

export const nightVariantSets: Record<string, Variant[]> = {
  // The story's own closing sections kept out of the tail's cut (see `story-sections.ts`), or cut:
  // on every page or articles only, headings matched by tag and class or by tag, questions or not.
  sections: [
    { name: 'sections cut', tail: { ...STORY_TAIL_LIMITS, sections: false } },
    { name: 'sections kept (shipped)', tail: { ...STORY_TAIL_LIMITS, sections: STORY_SECTION_LIMITS } },
    {
      name: 'sections kept, articles only',
      tail: { ...STORY_TAIL_LIMITS, sections: { ...STORY_SECTION_LIMITS, articleOnly: true } },
    },
    {
      name: 'sections kept, heading by tag',
      tail: { ...STORY_TAIL_LIMITS, sections: { ...STORY_SECTION_LIMITS, heading: 'tag' } },
    },
    {
      name: 'headed sections only',
      tail: { ...STORY_TAIL_LIMITS, sections: { ...STORY_SECTION_LIMITS, questions: 0 } },
    },
  ],
  // What stands before the story: the standfirst's element kept whole or trimmed to the page's
  // description (see `src/reader/html/standfirst.ts`), and at the heading that repeats the title
  // what stands ahead of it and the heading itself (see `src/reader/html/title-heading.ts`); and
  // whether an empty slot of an inset box's kind keeps the box as a repeat.
  heads: [
    { name: 'heads off', standfirst: false, titleHeading: false },
    { name: 'standfirst trimmed only', titleHeading: false },
    { name: 'before the title heading', standfirst: false },
    { name: 'both (shipped)' },
    { name: 'both, overlap 0.6', titleHeading: { ...TITLE_HEADING_LIMITS, overlap: 0.6 } },
    { name: 'both, title heading too', titleHeading: { ...TITLE_HEADING_LIMITS, heading: true } },
    // An empty block of an inset box's kind counted as its repeat (see `inset-boxes.ts`), as before.
    { name: 'both, empty slots repeat', insets: { ...INSET_LIMITS, emptyRepeats: true } },
  ],
  // Responsive classes read as a desktop does (see `desktop-layout.ts`): blocks it shows keep
  // their text, blocks it hides go, or both.
  hidden: [
    { name: 'desktop layout off (shipped)', desktopLayout: false },
    { name: 'desktop hides only', desktopLayout: { ...DESKTOP_LAYOUT, reveal: false } },
    { name: 'desktop shows only', desktopLayout: { ...DESKTOP_LAYOUT, hide: false } },
    { name: 'desktop both', desktopLayout: DESKTOP_LAYOUT },
  ],
  // Hidden look-alike siblings of one shown panel (tabs without ARIA, see `sibling-panels.ts`).
  siblings: [
    { name: 'sibling panels hidden', siblingPanels: false },
    { name: 'sibling panels shown (shipped)', siblingPanels: true },
  ],
  // The lead between a story's headline and its body (see `headline-lead.ts`): left, taken when it
  // ends as a sentence (shipped), taken whatever its end, or taken on article pages only.
  recall: [
    { name: 'headline lead off', headlineLead: false },
    { name: 'headline lead (shipped)', headlineLead: HEADLINE_LEAD_LIMITS },
    { name: 'lead, any ending', headlineLead: { ...HEADLINE_LEAD_LIMITS, sentenceEnd: false } },
    { name: 'lead, articles only', headlineLead: { ...HEADLINE_LEAD_LIMITS, articleOnly: true } },
  ],
  // A short story that the page's comment blocks outweigh is read as a thread (see `withThreadBelow`
  // in extract.ts): never, or below 1000, 2500 or 5000 characters of the normal pass's text.
  thread: [
    { name: 'thread pass off', threadBelow: false },
    { name: 'thread below 1000', threadBelow: { below: 1000, gain: 3, articles: true } },
    { name: 'thread below 2500', threadBelow: { below: 2500, gain: 3, articles: true } },
    { name: 'thread below 5000', threadBelow: { below: 5000, gain: 3, articles: true } },
  ],
  // The night round's mechanisms that ship on (closing sections, headline lead, standfirst, title
  // heading, empty slots not repeats, sibling panels) all off, or all shipped.
  night: [
    {
      name: 'night off',
      tail: { ...STORY_TAIL_LIMITS, sections: false },
      headlineLead: false,
      standfirst: false,
      titleHeading: false,
      insets: { ...INSET_LIMITS, emptyRepeats: true },
      siblingPanels: false,
    },
    { name: 'night on (shipped)' },
  ],
};
