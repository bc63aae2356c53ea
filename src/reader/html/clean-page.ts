import { removeBoilerplate } from './clean.js';
import { revealControlledPanels } from './controlled-panels.js';
import { layOutForDesktop } from './desktop-layout.js';
import { revealDisclosedPanels } from './disclosed-panels.js';
import { revealDisclosurePairs } from './disclosure-pairs.js';
import { revealHiddenLookAlikes } from './hidden-look-alikes.js';
import { linkedSectionsOf } from './linked-sections.js';
import type { PageMetadata } from './metadata.js';
import { elementsByTag, forgetPageIndex } from './page-index.js';
import { isArticlePage, isDiscussionPage } from './page-kind.js';
import { contentRootOf, type PageDocument } from './parse.js';
import { isProductListPage, isProductPage, removeProductExtras } from './product.js';
import { itemMarksOf } from './product-structure.js';
import { revealSiblingPanels } from './sibling-panels.js';
import { placeStreamedSegments } from './streamed-segments.js';
import type { ReaderSwitches } from './switches.js';
import { headlineHoldersOf, TITLE_HEADING_LIMITS } from './title-heading.js';

/** How hard a pass cleans before choosing the content. */
export type PassMode = 'normal' | 'gentle' | 'with-comments' | 'whole-body';

/** What cleaning found out about a page, for the steps that choose and prune its content. */
export interface CleanedPage {
  /** A discussion (or a pass that keeps comments): posts and their comments are content. */
  keepComments: boolean;
  article: boolean;
  product: boolean;
  /** The page states a title in `<title>` (a heading repeating it may open the story). */
  statesTitle: boolean;
  /** Cleaning removed hidden blocks (a gentler pass may find the content there). */
  removedHidden: boolean;
}

/** A stage of cleaning a caller measuring what each removes may follow (`bench/reader-ceiling.ts`). */
export type CleaningStage = 'clean' | 'product';

/**
 * Cleans a page's content root (`contentRootOf`) in place as a pass's `mode` says: what hides panels
 * and accordions is taken off, then boilerplate goes (`clean.ts`), then a shop page's extras
 * (`product.ts`). The page's kinds are read first, before cleaning removes what tells them.
 */
export function cleanPage(
  document: PageDocument,
  metadata: PageMetadata,
  { url, mode, switches }: { url: string; mode: PassMode; switches: ReaderSwitches },
  onStage?: (stage: CleaningStage) => void,
): CleanedPage {
  const root = contentRootOf(document);
  // Where a browser shows them, before anything reads the page's parts (see `streamed-segments.ts`).
  if (switches.streamedSegments && placeStreamedSegments(elementsByTag(document, '*')) > 0)
    forgetPageIndex(document);
  const shape = switches.classShape || undefined;
  const keepComments =
    mode === 'with-comments' ||
    isDiscussionPage(document, url, metadata, {
      ...switches.posts,
      namedPosts: switches.namedPosts,
      shapedPosts: shape?.posts,
    });
  const article = isArticlePage(metadata);
  // Before cleaning, which removes the forms holding a shop's buy button.
  const product = isProductPage(document, metadata, switches.productStructure.page);
  const productList = !product && isProductListPage(document);
  // What a product page's items hold (ratings, dates), read before cleaning takes the stars.
  const structure = switches.productStructure;
  const marks = (product || productList) && structure.extras === 'structure' ? itemMarksOf(root) : undefined;
  // A title read from the page's own heading (it states none) cannot tell which heading is the headline.
  const statesTitle = elementsByTag(document, 'title').some((title) => title.textContent.trim() !== '');
  // Listed while the index holds; what holds the headline is read once panels are revealed.
  const headlines = switches.headlineHolders && statesTitle ? elementsByTag(document, 'h1') : [];
  // The page's index lists its elements already (a walk of a large page saved).
  if (switches.desktopLayout) layOutForDesktop(elementsByTag(document, '*'), switches.desktopLayout);
  if (switches.panels) revealDisclosedPanels(root, elementsByTag(document, '*'));
  if (switches.controlledPanels)
    revealControlledPanels(elementsByTag(document, '*'), switches.controlledPanels);
  if (switches.disclosurePairs) revealDisclosurePairs(elementsByTag(document, '*'), switches.disclosurePairs);
  // The index may list panels shown above, now out of the tree: their parents are read afresh.
  if (switches.siblingPanels) revealSiblingPanels(elementsByTag(document, '*'), shape?.siblingPanels);
  if (switches.hiddenLookAlikes) revealHiddenLookAlikes(elementsByTag(document, '*'));
  const linked = switches.controlledPanels ? switches.controlledPanels.linkedSections : false;
  const linkedSections = linked ? linkedSectionsOf(elementsByTag(document, '*'), linked) : undefined;
  forgetPageIndex(document);
  onStage?.('clean');
  const headlineHolders = headlineHoldersOf(headlines, metadata.title, TITLE_HEADING_LIMITS.overlap);
  const { removedHidden } = removeBoilerplate(root, {
    headlineHolders,
    storyForms: switches.storyForms,
    keepComments,
    gentle: mode !== 'normal',
    article,
    pageMarks: switches.pageMarks,
    wrapperForms: switches.posts.wrapperForms,
    itemGroups: switches.itemGroups,
    classShape: switches.classShape !== false && switches.classShape.itemGroups,
    settingsPanels: switches.settingsPanels,
    linkedSections,
    classTokens: switches.classTokens,
    headedRuns: switches.headedRuns,
    // A block a class hides stays hidden in the pass keeping comments too: a short post read as the
    // thread below it would otherwise take a hidden template list as replies (`thread-below.ts`).
    hidingClasses: mode === 'normal' || mode === 'with-comments' ? switches.hidingClasses : false,
  });
  // Reviews and carousels of other products surround a product, and a shop's lists of products too.
  onStage?.('product');
  if (mode !== 'whole-body' && (product || productList)) removeProductExtras(root, structure, marks, product);
  return { keepComments, article, product, statesTitle, removedHidden };
}
