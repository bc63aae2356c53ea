/**
 * The variant sets of `bench/reader-folds.ts` (`--variants <set>`) up to 2026-12-02's evening, with
 * what each measured. A set lists ways of running the reader; the folds choose among them on training
 * sites and score the choice on held-out ones.
 *
 * `--variants posts` on 2026-12-02 (2-core machine at load 11-21, `--no-baseline`): trafilatura
 * 0.9429 for every variant; WCXB whole set posts off 0.8646, all on 0.8664, all but wrapper forms
 * 0.8652, all but comments path 0.8659, all but post container 0.8661, all but signatures 0.8662,
 * all but faq 0.8663; held out by site 0.866 ± 0.017 (3 folds chose all on, one all but faq, one
 * all but signatures), posts off were it always chosen 0.865 ± 0.018.
 * `--variants kinds` on 2026-12-02 (load 15, `--no-baseline`): WCXB whole set frame kept 0.8707,
 * footer out 0.8732, footer and banner out 0.8734; held out by site 0.873 ± 0.016 (4 folds chose
 * footer and banner out, one footer out) against 0.871 ± 0.018 frame kept; trafilatura 0.9446,
 * 0.9448, 0.9449, held out 0.945 ± 0.010.
 * `--variants shop` on 2026-12-02 (load 11-15, `--no-baseline`): WCXB whole set furniture stays
 * 0.8707, goes with 250 or 500 characters left 0.8734, with 1000 0.8730; held out by site 0.873 ±
 * 0.016 (every fold chose a rest of 250, tied with 500) against 0.871 ± 0.018 were it always kept;
 * trafilatura 0.9446 kept, 0.9448 for every rest, held out 0.945 ± 0.010.
 * `--variants forum` on 2026-12-02 (load 9-14, `--no-baseline`): trafilatura 0.9446 for every variant;
 * WCXB forum off 0.8707, named posts only 0.8707, panels of 3 or 5 toggles 0.8716, of 10 0.8712; held
 * out by site 0.872 ± 0.017 (every fold chose panels of 3, which ties with 5), off 0.871 ± 0.018.
 */
import {
  type extractHtmlWithDetails,
  INSET_LIMITS,
  KEPT_FURNITURE_LIMITS,
  MAIN_RUN_LIMITS,
  STORY_EDGE_LIMITS,
  STORY_TAIL_LIMITS,
  type StoryEdgeLimits,
} from '../../src/reader/html/index.js';

/** The variants of ours among which a fold's training sites choose, by `--variants`. `edges`: where
 * the story starts and ends (see `src/reader/html/story-edges.ts`), and the main run's limits
 * before it; `repeats` (the default): a thread's tidying (what it shows twice, the links after its last post) and the text a
 * page marks as not its own (`CleanOptions.pageMarks`), each on or off;
 * `groups`: a listing's cards judged with their look-alikes when cleaning, off or on. */
export const edgesAt = (edges: Partial<StoryEdgeLimits>) => ({
  ...MAIN_RUN_LIMITS,
  edges: { ...STORY_EDGE_LIMITS, ...edges },
});
/** Every way of finding a thread's posts off (see `PostMechanisms`). */
export const POSTS_OFF = {
  wrapperForms: false,
  faqIsNotThread: false,
  commentsPath: false,
  postContainer: false,
  longSignatures: false,
};
/** A variant: its name and the options it sets. */
export type Variant = { name: string } & Omit<Parameters<typeof extractHtmlWithDetails>[1], 'url'>;
export const earlierVariantSets: Record<string, Variant[]> = {
  edges: [
    { name: 'edges off', mainRun: { ...MAIN_RUN_LIMITS, edges: false as const } },
    // A share below 0: the frame never applies.
    { name: 'headline only', mainRun: edgesAt({ frameShare: -1 }) },
    { name: 'frame +1, ≤0.5', mainRun: edgesAt({ frameShare: 0.5 }) },
    { name: 'frame +1, ≤1', mainRun: edgesAt({ frameShare: 1 }) },
    { name: 'frame +1, any share', mainRun: edgesAt({ frameShare: Number.POSITIVE_INFINITY }) },
  ],
  // Tabs' and accordions' hidden panels shown (see `src/reader/html/disclosed-panels.ts`), or not.
  panels: [
    { name: 'panels hidden', panels: false },
    { name: 'panels shown (shipped)', panels: true },
  ],
  // The page's footer among the candidates for content, or not (see `src/reader/html/page-footer.ts`).
  footer: [
    { name: 'footer a candidate', footer: false },
    { name: 'footer no candidate (shipped)', footer: true },
  ],
  // Boxes set among a story's paragraphs (see `src/reader/html/inset-boxes.ts`).
  insets: [
    { name: 'insets off', insets: false },
    { name: 'insets classed only', insets: { ...INSET_LIMITS, classed: true } },
    { name: 'insets any (shipped)', insets: INSET_LIMITS },
    { name: 'insets any, ×2', insets: { ...INSET_LIMITS, maxRepeats: 2 } },
    {
      name: 'insets any, ×2, ≤1000',
      insets: { ...INSET_LIMITS, maxRepeats: 2, maxLength: 1000, maxShare: 0.3 },
    },
  ],
  // What follows the story's element (see `src/reader/html/story-tail.ts`): kept, or cut on
  // articles only or on every page, with the story holding more or less of the prose.
  tail: [
    { name: 'tail kept', tail: false },
    {
      name: 'articles, story ≥0.7',
      tail: { ...STORY_TAIL_LIMITS, storyShare: 0.7, afterShare: 0.5, articleOnly: true },
    },
    {
      name: 'any page, story ≥0.7',
      tail: { ...STORY_TAIL_LIMITS, storyShare: 0.7, afterShare: 0.5, articleOnly: false },
    },
    {
      name: 'any page, story ≥0.6',
      tail: { ...STORY_TAIL_LIMITS, storyShare: 0.6, afterShare: 0.7, articleOnly: false },
    },
    { name: 'any page, story ≥0.5 (shipped)', tail: STORY_TAIL_LIMITS },
  ],
  // Every mechanism of 2026-12-02's round (posts, item groups, panels, footer, insets) off, or shipped.
  round: [
    {
      name: 'round off',
      posts: POSTS_OFF,
      itemGroups: false,
      panels: false,
      footer: false,
      insets: false,
    },
    { name: 'round on (shipped)' },
  ],
  repeats: [
    { name: 'thread and marks off', thread: false, pageMarks: false },
    { name: 'thread only', thread: true, pageMarks: false },
    { name: 'page marks only', thread: false, pageMarks: true },
    { name: 'both (shipped)', thread: true, pageMarks: true },
  ],
  // How a thread's posts are found (see `PostMechanisms` in src/reader/html/thread-posts.ts): all
  // off, all on, and each left out in turn.
  posts: [
    {
      name: 'posts off',
      posts: POSTS_OFF,
    },
    { name: 'all but wrapper forms', posts: { wrapperForms: false } },
    { name: 'all but faq', posts: { faqIsNotThread: false } },
    { name: 'all but comments path', posts: { commentsPath: false } },
    { name: 'all but post container', posts: { postContainer: false } },
    { name: 'all but signatures', posts: { longSignatures: false } },
    { name: 'posts all (shipped)', posts: {} },
  ],
  // The page's frame taken out of the chosen content (see `page-frame.ts`): none, its footer, or
  // its footer and banner.
  kinds: [
    { name: 'frame kept', pageFrame: false },
    { name: 'footer out', pageFrame: { banner: false } },
    { name: 'footer and banner out (shipped)', pageFrame: { banner: true } },
  ],
  // Large furniture kept by cleaning leaves the chosen content (see `kept-furniture.ts`).
  shop: [
    { name: 'kept furniture stays', keptFurniture: false },
    { name: 'furniture goes, rest ≥250', keptFurniture: { ...KEPT_FURNITURE_LIMITS, minRest: 250 } },
    { name: 'furniture goes, rest ≥500 (shipped)', keptFurniture: KEPT_FURNITURE_LIMITS },
    { name: 'furniture goes, rest ≥1000', keptFurniture: { ...KEPT_FURNITURE_LIMITS, minRest: 1000 } },
  ],
  // The page's frame and its large furniture, each alone or both, out of the chosen content.
  frame: [
    { name: 'frame and furniture stay', pageFrame: false, keptFurniture: false },
    { name: 'frame out', keptFurniture: false },
    { name: 'furniture out', pageFrame: false },
    { name: 'both out (shipped)' },
  ],
  // What makes a discussion page (see `src/reader/html/named-posts.ts`) and which set-apart blocks
  // are panels of settings (see `src/reader/html/settings-panels.ts`).
  forum: [
    { name: 'forum off', namedPosts: false, settingsPanels: false },
    { name: 'named posts only', settingsPanels: false },
    { name: 'panels of 3 toggles', settingsPanels: 3 },
    { name: 'panels of 5 (shipped)', settingsPanels: 5 },
    { name: 'panels of 10', settingsPanels: 10 },
  ],
  // This evening's five mechanisms (page frame, kept furniture, named posts, settings panels, story
  // tail) all off, or all shipped.
  evening: [
    {
      name: 'evening off',
      pageFrame: false,
      keptFurniture: false,
      namedPosts: false,
      settingsPanels: false,
      tail: false,
    },
    { name: 'evening on (shipped)' },
  ],
  // A listing's cards judged with their look-alikes when cleaning (see `item-groups.ts`).
  groups: [
    { name: 'item groups off', itemGroups: false },
    { name: 'item groups (shipped)', itemGroups: true },
  ],
};
