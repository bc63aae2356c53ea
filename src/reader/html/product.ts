import { tagOf } from './dom.js';
import type { PageMetadata } from './metadata.js';
import { elementsByTag, firstByTag } from './page-index.js';
import {
  extraHeadingsOf,
  ItemFacts,
  isExtraSection,
  PRODUCT_STRUCTURE,
  type ProductStructure,
  pricePattern,
} from './product-structure.js';
import { headedSectionOf } from './sections.js';
import { sellsOneItem } from './sells-one-item.js';
import { type ElementStats, linkDensityOf } from './stats.js';
import type { Document, Element } from './tree/index.js';

/** Characters of text the region around a product's name must hold to count as its details. */
const PRODUCT_REGION_MIN_TEXT = 600;

/** Schema.org types that make a page something other than one product's page. */
const notProductTypes = /article|posting|blog|news|collectionpage|searchresultspage/;

/** How many `Product` nodes the page's JSON-LD may hold and still be about one product. */
const MAX_PRODUCT_NODES = 2;

/**
 * Whether the page is one product's page: it declares itself one (schema.org `Product`, `og:type`
 * product) and is not an article or a list of products (`og:type` `product.group`, an `ItemList`,
 * many `Product` nodes) that merely mentions products.
 */
export function isProductPage(
  document: Document,
  schema: Pick<PageMetadata, 'schemaTypes' | 'schemaProductCount'>,
  told: ProductStructure['page'] = 'words',
): boolean {
  const { schemaTypes } = schema;
  const openGraphType = openGraphTypeOf(document);
  if (/^(og:)?product[.:]group$/.test(openGraphType)) return false;
  if ([...schemaTypes].some((type) => notProductTypes.test(type))) return false;
  if (schema.schemaProductCount > MAX_PRODUCT_NODES) return false;
  const declared =
    schemaTypes.has('product') || schemaTypes.has('productgroup') || /product|item$/.test(openGraphType);
  if (declared) return true;
  if (openGraphType === 'article' || told === false) return false;
  return told === 'words' ? hasOneBuyButton(document) : sellsOneItem(document);
}

/** Whether the page is a shop's list of products (`og:type` `product.group`). */
export function isProductListPage(document: Document): boolean {
  return /^(og:)?product[.:]group$/.test(openGraphTypeOf(document));
}

function openGraphTypeOf(document: Document): string {
  return (
    firstByTag(document, 'meta', (meta) => meta.getAttribute('property') === 'og:type')
      ?.getAttribute('content')
      ?.trim()
      .toLowerCase() ?? ''
  );
}

/** "Add to cart" and the like, on buttons: a shop's product page has one (or one per form factor). */
const buyButtonText =
  /^\s*(add to (cart|basket|bag|trolley)|buy now|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen)\b/i;

/** How many buy buttons a product page may have (sticky headers and phone layouts repeat them). */
const MAX_BUY_BUTTONS = 3;

/** Whether the page has a buy button or a few, but not one per item as a list of products has. */
function hasOneBuyButton(document: Document): boolean {
  if (!firstByTag(document, 'h1')) return false;
  let count = 0;
  const submits = elementsByTag(document, 'input').filter(
    (input) => input.getAttribute('type')?.toLowerCase() === 'submit',
  );
  // Only the count matters, not the order.
  for (const button of [...elementsByTag(document, 'button'), ...submits]) {
    const label = tagOf(button) === 'input' ? (button.getAttribute('value') ?? '') : button.textContent;
    if (buyButtonText.test(label) && ++count > MAX_BUY_BUTTONS) return false;
  }
  return count > 0;
}

/**
 * The region of a product page around its name (`<h1>`): the smallest ancestor with enough text
 * and few links, which holds the name, price, options and specs. Prose scoring alone tends to
 * pick only the description or a review.
 */
export function productRegionOf(root: Element, stats: Map<Element, ElementStats>): Element | undefined {
  const heading = root.querySelector('h1');
  if (!heading) return undefined;
  for (let element = heading.parentElement; element && element !== root; element = element.parentElement) {
    const measured = stats.get(element);
    if (!measured) return undefined;
    if (measured.textLength >= PRODUCT_REGION_MIN_TEXT) {
      return linkDensityOf(measured) < 0.5 && tagOf(element) !== 'body' ? element : undefined;
    }
  }
  return undefined;
}

/**
 * Removes the reviews, customers' questions and other products from a product page: each headed
 * section whose items of that kind hold `extraShare` of its text or more (`product-structure.ts`;
 * `marks` read before cleaning), whatever its heading says; on a list of products (`oneProduct`
 * false) only reviews and questions. The block holding the product's name (`<h1>`) stays.
 */
export function removeProductExtras(
  root: Element,
  structure: Omit<ProductStructure, 'page'> = PRODUCT_STRUCTURE,
  marks: Map<Element, number> = new Map(),
  oneProduct = true,
): void {
  const { extras, extraShare } = structure;
  const title = root.querySelector('h1');
  if (extras === 'structure') {
    const facts = new ItemFacts(root, marks);
    for (const heading of extraHeadingsOf(root, facts, oneProduct)) {
      if (heading === title || !root.contains(heading)) continue;
      const section = headedSectionOf(heading, root, { keep: title });
      if (isExtraSection(section, facts, { products: oneProduct, share: extraShare }))
        for (const element of section) element.remove();
    }
  }
  // Carousels of other products, whatever their heading says: three prices or more in a slider.
  for (const carousel of root.querySelectorAll(carouselSelector)) {
    if (!root.contains(carousel) || (title !== null && carousel.contains(title))) continue;
    if ((carousel.textContent.match(pricePattern)?.length ?? 0) >= 3) carousel.remove();
  }
}

const carouselSelector =
  '[aria-roledescription="carousel" i], [class~="carousel"], [class*="carousel" i][class*="product" i]';
