import { hasArticleBesides, holdsArticle, isSidebar } from './article-prose.js';
import {
  classVerdictOf,
  furnitureRoles,
  furnitureTags,
  isMarkedComment,
  isScreenReaderOnly,
  uselessTags,
} from './boilerplate.js';
import { childElementsOf, collapsedLengthOf, isText, tagOf } from './dom.js';
import { type HeadedRunLimits, headedRunTest } from './headed-runs.js';
import { type HidingClassLimits, isHiddenByClass } from './hiding-classes.js';
import { itemGroupsOf } from './item-groups.js';
import { type SettingsPanelLimit, settingsPanelTest } from './settings-panels.js';
import { storyFormTest } from './story-forms.js';
import { formsWithControls } from './thread-posts.js';
import { CLASS_TOKEN_READINGS, type ClassTokenReadings } from './token-readings.js';
import type { Element, Node } from './tree/index.js';

/** Options for `removeBoilerplate`. */
export interface CleanOptions {
  /** Keep comment sections: on forums and Q&A pages they are the content. */
  keepComments: boolean;
  /** The elements holding the story's headline: never page furniture or boilerplate by tag or class. */
  headlineHolders?: ReadonlySet<Element>;
  /**
   * Keep `<noscript>` and hidden blocks: the retry for pages whose content hides from the normal
   * pass (forums rendering posts in `<noscript>`, streamed apps).
   */
  gentle?: boolean;
  /** The page's metadata calls it an article: blocks marked up as comments follow the story. */
  article?: boolean;
  /**
   * Remove the text the page marks as not its own (default true): a screen reader's name for a
   * picture link and `data-nosnippet` blocks. `false` keeps them, to measure what that changes.
   */
  pageMarks?: boolean;
  /** A form holding this share of its `<article>`/`<main>` stays (see `storyFormTest`); default false. */
  storyForms?: number | false;
  /** Judge a form by its controls (default true; see `PostMechanisms.wrapperForms`). */
  wrapperForms?: boolean;
  /**
   * Judge a block with its look-alikes (default true): a listing's cards, one by one too small to
   * outweigh a boilerplate word in their class or an `aria-hidden`, stay when together they are
   * a large part of the page (see `item-groups.ts`).
   */
  itemGroups?: boolean;
  /** Group the look-alikes by their class shape, not their whole class (see `class-shape.ts`). */
  classShape?: boolean;
  /** Toggles that make a set-apart block a panel of settings (see `settings-panels.ts`); default off. */
  settingsPanels?: SettingsPanelLimit;
  /** Sections the page's own links lead to: no class verdict removes them (see `linked-sections.ts`). */
  linkedSections?: ReadonlySet<Element>;
  /** How class tokens are built, read before judging them (default the shipped readings; see `token-readings.ts`). */
  classTokens?: ClassTokenReadings | false;
  /** Look-alike headed sections holding much of the page: no class verdict removes them (see `headed-runs.ts`). */
  headedRuns?: HeadedRunLimits | false;
  /** Blocks a class hides (`hide`, `is-hidden`) go unless they hold most of the page (see `hiding-classes.ts`); default none. */
  hidingClasses?: HidingClassLimits | false;
}

/** Tags written as text (`&lt;div …&gt;` inside a `<noscript>`): markup, never prose. */
const ESCAPED_TAG = /<\/?[a-z][^<>]*>/gi;

/** Whether a text holds a tag written as text (some sites' JSON-LD `articleBody` is HTML). */
export function holdsEscapedTag(text: string): boolean {
  // `search` reads from the start whatever the global pattern's last index.
  return text.search(ESCAPED_TAG) !== -1;
}

/** The prose of a `<noscript>` block: its text without markup written as text, whitespace collapsed. */
export function noscriptProse(element: Element): string {
  return element.textContent.replace(ESCAPED_TAG, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Removes what is never main content: scripts and styles, hidden elements, navigation, footers,
 * asides, small forms, cookie banners, share widgets, ads and (unless kept) comments. A block that
 * holds a large share of the page's text is kept whatever its class says: wrappers of whole pages
 * often carry classes like `has-sidebar` or `menu-open`. Returns whether the cleaning removed a
 * `<noscript>` or hidden block: when it did not, a gentle cleaning of the same page is the same.
 */
export function removeBoilerplate(root: Element, options: CleanOptions): { removedHidden: boolean } {
  let removedHidden = false;
  const pageMarks = options.pageMarks ?? true;
  // Before the controls go with the other useless tags.
  const fillable = options.wrapperForms === false ? undefined : formsWithControls(root);
  const tokenReadings = options.classTokens ?? CLASS_TOKEN_READINGS;
  const isSettingsPanel = settingsPanelTest(root, options.settingsPanels ?? false, (element) =>
    isSetApart(element, tokenReadings),
  );
  removeWhere(root, (element) => {
    if (!uselessTags.has(tagOf(element))) return false;
    if (tagOf(element) !== 'noscript') return true;
    removedHidden ||= !options.gentle;
    // Escaped markup (a tracking pixel's `&lt;img …&gt;`) is no reader's content, even without scripts.
    return !options.gentle || noscriptProse(element).length === 0;
  });
  const pageLength = visibleLength(root);
  const inHeadedRun = options.headedRuns ? headedRunTest(root, options.headedRuns) : () => false;
  const isStoryForm = storyFormTest(options.storyForms ?? false);
  const isLarge = (element: Element, share: number) => {
    const length = visibleLength(element);
    return length > 300 && length > pageLength * share;
  };
  // On a discussion page the repeated blocks are posts and their comments, judged as a thread; on
  // a story page they are the teasers for other stories that follow it.
  const groups =
    (options.itemGroups ?? true) && !options.keepComments && !options.article
      ? itemGroupsOf(root, options.classShape)
      : undefined;
  const isLargeGroup = (element: Element, share: number) => {
    const length = groups?.groupLengthOf(element) ?? 0;
    // Look-alikes inside a block the page names as boilerplate (a "related posts" box) are its items.
    return length > 300 && length > pageLength * share && !inNamedBoilerplate(element, tokenReadings);
  };
  removeWhere(root, (element) => {
    const tag = tagOf(element);
    // A consent centre: its switches are settings, not the page's text, however long.
    if (isSettingsPanel(element)) return true;
    // A dialog (privacy policy, newsletter sign-up, cart, gallery) only shows when opened, however
    // long it is, and hidden until then.
    if (isDialog(element)) return !isLarge(element, 0.6);
    // Server-rendered apps hide whole pages until scripts run; only small hidden blocks go.
    if (isHidden(element) || (pageMarks && isScreenReaderOnly(element) && namesPictureLink(element))) {
      // A card's `aria-hidden` summary (a second link to its story) is on screen; `hidden` is not.
      const shown =
        element.getAttribute('aria-hidden') === 'true' &&
        !element.hasAttribute('hidden') &&
        !hiddenStyle.test(element.getAttribute('style') ?? '') &&
        !isScreenReaderOnly(element);
      const remove = !options.gentle && !isLarge(element, 0.3) && !(shown && isLargeGroup(element, 0.3));
      removedHidden ||= remove;
      return remove;
    }
    const hidingClasses = options.hidingClasses ?? false;
    if (hidingClasses && isHiddenByClass(element, hidingClasses, tokenReadings)) {
      const remove = !isLarge(element, hidingClasses.largestShare);
      removedHidden ||= remove;
      if (remove) return true;
    }
    if (tag === 'body' || tag === 'main' || tag === 'article') return false;
    if (options.headlineHolders?.has(element)) return false;
    // Text a page asks search engines never to quote (legal footnotes, a shop's delivery notes) is
    // not what the page is about; a wrapper of most of the page is.
    if (pageMarks && element.hasAttribute('data-nosnippet')) return !isLarge(element, 0.3);
    if (furnitureTags.has(tag) || furnitureRoles.has(element.getAttribute('role') ?? '')) {
      if (!isLarge(element, 0.4)) return true;
      // A sidebar outgrowing a short story (a live ticker, a wall of teasers) still goes when the
      // story stands beside it.
      const sidebar = tag === 'aside' || element.getAttribute('role') === 'complementary';
      return sidebar && hasArticleBesides(root, element);
    }
    if (tag === 'form' && (fillable?.has(element) ?? true))
      return !isLarge(element, 0.25) && !isStoryForm(element);
    // Class patterns judge containers; a heading or paragraph whose id merely starts with `nav` stays.
    if (textTags.has(tag)) return false;
    const verdict = classVerdictOf(element, tokenReadings);
    if (verdict === 'intrusive') return !isLarge(element, 0.5) && !holdsArticle(element);
    if (verdict === 'boilerplate')
      return (
        !options.linkedSections?.has(element) &&
        !isLarge(element, isSidebar(element) ? 0.5 : 0.2) &&
        !holdsArticle(element) &&
        !isLargeGroup(element, 0.2) &&
        !inHeadedRun(element)
      );
    // Comments outgrowing a short article still go; a block named for comments that holds the
    // page's only prose is the content.
    if (verdict === 'comments' && !options.keepComments)
      return !isLarge(element, 0.3) || hasArticleBesides(root, element);
    // Comments marked up as such (schema.org microdata) follow a story that stands beside them.
    if (options.article && !options.keepComments && isMarkedComment(element))
      return hasArticleBesides(root, element);
    return false;
  });
  removeEditLinks(root);
  return { removedHidden };
}

/** A wiki's link to edit a section (`?action=edit&section=2`, `veaction=edit`). */
const editLinkSelector = 'a[href*="action=edit" i], a[href*="action=formedit" i]';

/**
 * Removes "[edit]" links from headings: a wiki prints one beside every section title (MediaWiki in a
 * `mw-editsection` span, others bare). The brackets around the link go with it.
 */
function removeEditLinks(root: Element): void {
  for (const heading of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    for (const element of Array.from(
      heading.querySelectorAll('[class*="editsection" i], [class*="secedit" i]'),
    ))
      element.remove();
    const links = heading.querySelectorAll(editLinkSelector);
    if (links.length === 0) continue;
    for (const link of links) link.remove();
    const emptyBrackets = (node: Node): void => {
      if (isText(node)) node.data = node.data.replace(/\[[\s|]*\]/g, '');
      else for (const child of node.childNodes) emptyBrackets(child);
    };
    // Merge the text around each removed link so "[" and "]" meet.
    heading.normalize();
    emptyBrackets(heading);
  }
}

/** Elements that carry text themselves rather than group blocks. */
const textTags = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'pre',
  'code',
  'blockquote',
  'table',
  'td',
  'th',
  'tr',
  'a',
  'strong',
  'em',
  'b',
  'i',
]);

/**
 * Removes, top-down, every element the predicate picks (a removed element's subtree is not
 * visited); inside code (`<pre>`, `<code>`) only `useless` elements go: highlighters mark up
 * comments as `<span class="hljs-comment">`.
 */
function removeWhere(root: Element, predicate: (element: Element) => boolean, insideCode = false): void {
  for (const child of childElementsOf(root)) {
    const tag = tagOf(child);
    if (insideCode ? uselessTags.has(tag) && tag !== 'noscript' : predicate(child)) child.remove();
    else removeWhere(child, predicate, insideCode || tag === 'pre' || tag === 'code');
  }
}

/**
 * Whether the element (shown to screen readers only) is all the text of the link or button it sits
 * in: the name a screen reader reads for a picture or icon link (a card's colour swatch, "Option:
 * …" repeating the card's name), which no one sees. Screen-reader text beside visible words (a sale
 * price spelled out, "Original price was: $28.00") is part of what they say, and stays.
 */
function namesPictureLink(element: Element): boolean {
  const link = element.closest('a, button');
  if (!link) return false;
  return link.textContent.replace(/\s+/g, '') === element.textContent.replace(/\s+/g, '');
}

/** A block the page sets apart from its text: a dialog, `data-nosnippet`, a consent or pop-up class. */
function isSetApart(element: Element, tokenReadings: ClassTokenReadings | false): boolean {
  return (
    isDialog(element) ||
    element.hasAttribute('data-nosnippet') ||
    classVerdictOf(element, tokenReadings) === 'intrusive'
  );
}

function isDialog(element: Element): boolean {
  const role = element.getAttribute('role');
  return (
    role === 'dialog' ||
    role === 'alertdialog' ||
    element.getAttribute('aria-modal') === 'true' ||
    tagOf(element) === 'dialog' ||
    // AMP's lightbox (a gallery opened over the article) and sidebars shown on a tap.
    tagOf(element) === 'amp-lightbox' ||
    tagOf(element) === 'amp-sidebar'
  );
}

/** Whether the element's parent or grandparent is named as boilerplate (`related-posts`, `promo`). */
function inNamedBoilerplate(element: Element, tokenReadings: ClassTokenReadings | false): boolean {
  for (let level = 0, parent = element.parentElement; level < 2 && parent; level++) {
    const verdict = classVerdictOf(parent, tokenReadings);
    if (verdict === 'boilerplate' || verdict === 'intrusive') return true;
    parent = parent.parentElement;
  }
  return false;
}

const hiddenStyle = /(display\s*:\s*none|visibility\s*:\s*hidden)/i;

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  if (element.getAttribute('aria-hidden') === 'true' && element.textContent.length < 200) return true;
  const style = element.getAttribute('style');
  return style !== null && hiddenStyle.test(style);
}

function visibleLength(element: Element): number {
  return collapsedLengthOf(element);
}
