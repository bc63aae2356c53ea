import { tagOf } from './dom.js';
import { type ElementStats, linkDensityOf } from './stats.js';

/** Characters of text the region around a product's name must hold to count as its details. */
const PRODUCT_REGION_MIN_TEXT = 600;

/** Whether the page declares itself a product page (schema.org `Product` or `og:type` product). */
export function isProductPage(document: Document, schemaTypes: Set<string>): boolean {
  if (schemaTypes.has('product') || schemaTypes.has('productgroup')) return true;
  const openGraphType = document.querySelector('meta[property="og:type"]')?.getAttribute('content') ?? '';
  return /product/i.test(openGraphType);
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
