import { CARD_HEADING_LIMITS, type CardHeadingLimits } from './card-headings.js';
import { CLASS_SHAPE_PLACES, type ClassShapePlaces } from './class-shape.js';
import { CONTROLLED_PANEL_LIMITS, type ControlledPanelLimits } from './controlled-panels.js';
import type { DesktopLayout } from './desktop-layout.js';
import { DISCLOSURE_PAIR_LIMITS, type DisclosurePairLimits } from './disclosure-pairs.js';
import { HEADED_RUN_LIMITS, type HeadedRunLimits } from './headed-runs.js';
import { HEADLINE_LEAD_LIMITS, type HeadlineLeadLimits } from './headline-lead.js';
import { HIDING_CLASS_LIMITS, type HidingClassLimits } from './hiding-classes.js';
import { INSET_LIMITS, type InsetLimits } from './inset-boxes.js';
import { KEPT_FURNITURE_LIMITS, type KeptFurnitureLimits } from './kept-furniture.js';
import { LISTING_ITEM_LIMITS, type ListingItemLimits } from './listing-items.js';
import { LISTING_RUN_LIMITS, type ListingRunLimits } from './listing-run.js';
import { LOOK_ALIKE_SECTION_LIMITS, type LookAlikeSectionLimits } from './look-alike-sections.js';
import { MAIN_RUN_LIMITS, type MainRunLimits } from './main-run.js';
import { PAGE_FRAME, type PageFrameParts } from './page-frame.js';
import { POST_FURNITURE_LIMITS, type PostFurnitureLimits } from './post-furniture.js';
import { PRODUCT_STRUCTURE, type ProductStructure } from './product-structure.js';
import { PROSE_CHILD_LIMITS, type ProseChildLimits } from './prose-child.js';
import { SETTINGS_PANEL_TOGGLES, type SettingsPanelLimit } from './settings-panels.js';
import { STANDFIRST_TRIM, type StandfirstTrim } from './standfirst.js';
import { STORY_TAIL_LIMITS, type StoryTailLimits } from './story-tail.js';
import { THREAD_BELOW_LIMITS, type ThreadBelowLimits } from './thread-below.js';
import { POST_MECHANISMS, type PostMechanisms } from './thread-posts.js';
import { TITLE_HEADING_LIMITS, type TitleHeadingLimits } from './title-heading.js';
import { CLASS_TOKEN_READINGS, type ClassTokenReadings } from './token-readings.js';
import { TEASER_RUNS, type TrailingRepeatLimits } from './trailing-repeats.js';
import type { UnitFilterLimits } from './unit-filter.js';
import { UNIT_FILTER_LIMITS } from './unit-model.js';
import { WORD_BOUNDARIES, type WordBoundaries } from './word-boundaries.js';

/**
 * The reader's mechanisms a test or benchmark may switch off or retune, all on by default. One object
 * travels from `extractHtmlWithDetails` to each pass; a new mechanism adds one field here and reads it
 * where it acts.
 */
export interface ReaderSwitches {
  /** Ask Readability's second opinion when our candidate for a story is in doubt. */
  secondOpinion: boolean;
  /** Limits of the main run outside which link runs go; `false` keeps them. */
  mainRun: MainRunLimits | false;
  /** Tidy a thread: what it shows twice and the bare links after its last post go. */
  thread: boolean;
  /** Remove the text a page marks as not its own (see `CleanOptions.pageMarks`). */
  pageMarks: boolean;
  /** How a thread's posts are found (see `PostMechanisms`). */
  posts: PostMechanisms;
  /** Judge a listing's cards with their look-alikes (see `CleanOptions.itemGroups`). */
  itemGroups: boolean;
  /** Show the hidden panels of tabs and accordions (see `disclosed-panels.ts`). */
  panels: boolean;
  /** Keep the page's footer out of the candidates for content (see `page-footer.ts`). */
  footer: boolean;
  /** Limits of the boxes set among a story's paragraphs; `false` keeps them (see `inset-boxes.ts`). */
  insets: InsetLimits | false;
  /** Take the page's frame (footer, banner) out of the chosen content; `false` keeps it (see `page-frame.ts`). */
  pageFrame: PageFrameParts | false;
  /** Limits of the large furniture that leaves the chosen content; `false` keeps it (see `kept-furniture.ts`). */
  keptFurniture: KeptFurnitureLimits | false;
  /**
   * A path that reads like a forum's makes a discussion only with look-alike posts naming their
   * posters (see `named-posts.ts`); off, any three post-classed blocks do.
   */
  namedPosts: boolean;
  /** Toggles that make a set-apart block a panel of settings; `false` keeps them (see `settings-panels.ts`). */
  settingsPanels: SettingsPanelLimit;
  /** Limits of what follows a story's element; `false` keeps it (see `story-tail.ts`). */
  tail: StoryTailLimits | false;
  /** Limits of the lead set between a story's headline and its body; `false` leaves it (see `headline-lead.ts`). */
  headlineLead: HeadlineLeadLimits | false;
  /**
   * When a short post's comment blocks are read as the thread it opens: below how many characters of
   * a normal pass's text, how many times the text that pass must find, whether on articles too (see
   * `thread-below.ts`); `false`: never.
   */
  threadBelow: ThreadBelowLimits | false;
  /** Which blocks of the standfirst's element stay; `false` keeps it whole (see `standfirst.ts`). */
  standfirst: StandfirstTrim | false;
  /** What goes at the heading that repeats the page's title; `false` keeps all (see `title-heading.ts`). */
  titleHeading: TitleHeadingLimits | false;
  /**
   * The elements holding the heading that repeats the page's title are never furniture or
   * boilerplate by tag or class: a story's own `<header class="contentHeader">` with its standfirst,
   * an `<aside>` a site wraps its story in (see `headlineHoldersOf` in `title-heading.ts`).
   */
  headlineHolders: boolean;
  /**
   * On a story page, the prose before a teaser list or thread is the story when it follows the
   * headline (a `<header>` above the story's element), not only when it holds it (see `storyBefore`
   * in `repeated-items.ts`).
   */
  storyBelowHeadline: boolean;
  /**
   * The share of its `<article>` or `<main>` a form with controls must hold to stay as its body (a
   * shop's product written into the buy form); `false`: only a form holding a quarter of the page
   * stays (see `storyFormTest` in `story-forms.ts`).
   */
  storyForms: number | false;
  /**
   * Read responsive classes as a desktop does (see `desktop-layout.ts`); `false`, the default, reads
   * none: on 2026-12-02 it did not hold out by site on either set.
   */
  desktopLayout: DesktopLayout | false;
  /** Show the hidden look-alike siblings of a shown panel: tabs without ARIA (see `sibling-panels.ts`). */
  siblingPanels: boolean;
  /** Limits of a listing's items, which pruning judges as the listing's; `false`: none are (see `listing-items.ts`). */
  listingItems: ListingItemLimits | false;
  /** How a listing's items widen the content's main run, whose outside links go (see `listing-run.ts`); `false`: not at all. */
  listingRun: ListingRunLimits | false;
  /** Show the hidden panels a button or link names, tab or not (see `controlled-panels.ts`); `false`: none. */
  controlledPanels: ControlledPanelLimits | false;
  /**
   * Limits of the chosen block's look-alike sibling sections that join it on a page that is neither
   * a story nor a discussion; `false` adds none (see `look-alike-sections.ts`).
   */
  lookAlikeSections: LookAlikeSectionLimits | false;
  /** Which runs of look-alike teasers after an article's story go (see `dropTrailingRepeats` in `trailing-repeats.ts`). */
  trailingRepeats: TrailingRepeatLimits;
  /**
   * Where look-alike blocks are grouped by their class shape, not their whole class (see
   * `class-shape.ts`; `CLASS_SHAPE_PLACES` the places that gained); `false` reads whole classes.
   */
  classShape: ClassShapePlaces | false;
  /**
   * Read how a class token is built before the boilerplate patterns judge it: a negated word, a
   * style utility, a hidden part of the box, maybe a small screen (see `token-readings.ts`); `false`
   * reads the words as written.
   */
  classTokens: ClassTokenReadings | false;
  /**
   * Limits of the descent from a lone chosen block into the child holding its prose, while what the
   * child leaves out is links (see `prose-child.ts`); `false` keeps the chosen block.
   */
  proseChild: ProseChildLimits | false;
  /** Which repeated button-and-block pairs open an accordion without ARIA; `false`: none (see `disclosure-pairs.ts`). */
  disclosurePairs: DisclosurePairLimits | false;
  /** On a thread, the short blocks every post repeats go: rank, stats, status (see `post-furniture.ts`); `false` keeps them. */
  postFurniture: PostFurnitureLimits | false;
  /** Look-alike headed sections holding much of the page stay whatever their class says; `false`: none (see `headed-runs.ts`). */
  headedRuns: HeadedRunLimits | false;
  /** Which sibling boxes with no text between them are written apart, as a page's layout sets them; `false`: none (see `word-boundaries.ts`). */
  wordBoundaries: WordBoundaries | false;
  /** How a product page is told (buy-button words or markup) and which of its sections are extras (by their items; see `product-structure.ts`). */
  productStructure: ProductStructure;
  /** Move the parts React streams in hidden `S:` blocks into their placeholders, as its scripts do (see `streamed-segments.ts`). */
  streamedSegments: boolean;
  /** Show the look-alike siblings a page hides by class: its other tabs, or one copy of a layout per screen (see `hidden-look-alikes.ts`). */
  hiddenLookAlikes: boolean;
  /** Blocks a class hides (`hide`, `is-hidden`) go unless they hold most of the page; `false` judges them as boilerplate (see `hiding-classes.ts`). */
  hidingClasses: HidingClassLimits | false;
  /** A linked heading among look-alike ones is a grid's item name, not an empty section; `false`: none are (see `card-headings.ts`). */
  cardHeadings: CardHeadingLimits | false;
  /**
   * The units of the chosen content a trained model judges unlikely to be the page's own go: its
   * model and threshold; `false` keeps them (see `unit-filter.ts`, trained by `bench/reader-unit-model.ts`).
   */
  unitFilter: UnitFilterLimits | false;
}

/** What a caller may set: any switch, and any one of a thread's post mechanisms. */
export type SwitchSettings = Partial<Omit<ReaderSwitches, 'posts'>> & { posts?: Partial<PostMechanisms> };

/** What the reader ships: every mechanism on, at its tuned limits. */
export const READER_SWITCHES: ReaderSwitches = {
  secondOpinion: true,
  mainRun: MAIN_RUN_LIMITS,
  thread: true,
  pageMarks: true,
  posts: POST_MECHANISMS,
  itemGroups: true,
  panels: true,
  footer: true,
  insets: INSET_LIMITS,
  pageFrame: PAGE_FRAME,
  keptFurniture: KEPT_FURNITURE_LIMITS,
  namedPosts: true,
  settingsPanels: SETTINGS_PANEL_TOGGLES,
  tail: STORY_TAIL_LIMITS,
  headlineLead: HEADLINE_LEAD_LIMITS,
  threadBelow: THREAD_BELOW_LIMITS,
  standfirst: STANDFIRST_TRIM,
  titleHeading: TITLE_HEADING_LIMITS,
  headlineHolders: true,
  storyBelowHeadline: true,
  storyForms: 0.5,
  desktopLayout: false,
  siblingPanels: true,
  listingItems: LISTING_ITEM_LIMITS,
  listingRun: LISTING_RUN_LIMITS,
  controlledPanels: CONTROLLED_PANEL_LIMITS,
  lookAlikeSections: LOOK_ALIKE_SECTION_LIMITS,
  trailingRepeats: TEASER_RUNS,
  classShape: CLASS_SHAPE_PLACES,
  classTokens: CLASS_TOKEN_READINGS,
  proseChild: PROSE_CHILD_LIMITS,
  disclosurePairs: DISCLOSURE_PAIR_LIMITS,
  postFurniture: POST_FURNITURE_LIMITS,
  headedRuns: HEADED_RUN_LIMITS,
  wordBoundaries: WORD_BOUNDARIES,
  productStructure: PRODUCT_STRUCTURE,
  streamedSegments: true,
  hiddenLookAlikes: true,
  hidingClasses: HIDING_CLASS_LIMITS,
  cardHeadings: CARD_HEADING_LIMITS,
  unitFilter: UNIT_FILTER_LIMITS,
};

/** The shipped switches with `settings` laid over them (a thread's post mechanisms one by one). */
export function readerSwitches(settings: SwitchSettings = {}): ReaderSwitches {
  const defined = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  return { ...READER_SWITCHES, ...defined, posts: { ...POST_MECHANISMS, ...settings.posts } };
}
