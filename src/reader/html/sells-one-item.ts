import { closestFinder, tagOf } from './dom.js';
import { elementsByTag } from './page-index.js';
import { holdsPrice } from './product-structure.js';
import type { Document, Element } from './tree/index.js';

/** How many products a page's markup or buy forms may name and still be one product's page (variants, a phone layout). */
const MAX_ITEMS_SOLD = 2;
/** How many characters around a buy form its price may be found in. */
const BUY_FORM_REACH = 2000;

/**
 * Whether the page's markup shows it sells one item: schema.org microdata describing one product
 * with its price or offer, or a form or two that post one item (hidden fields name it, a button
 * sends it, nothing is typed) with a price beside it.
 */
export function sellsOneItem(document: Document): boolean {
  const isProduct = (element: Element) =>
    /schema\.org\/Product$/i.test(element.getAttribute('itemtype') ?? '');
  const productAround = closestFinder(isProduct);
  const outermost = elementsByTag(document, '*').filter(
    (element) =>
      isProduct(element) && (element.parentElement === null || !productAround(element.parentElement)),
  );
  if (outermost.length > MAX_ITEMS_SOLD) return false;
  if (outermost.some((product) => product.querySelector('[itemprop="price"], [itemprop="offers"]') !== null))
    return true;
  let buyForms = 0;
  let read = 0;
  for (const form of elementsByTag(document, 'form')) {
    // Each form read climbs a few blocks of text: a page of thousands of forms is read in part.
    if (!postsItem(form) || ++read > MAX_FORMS_READ) continue;
    if (pricedAround(form) && ++buyForms > MAX_ITEMS_SOLD) return false;
  }
  return buyForms > 0;
}

/** How many forms posting an item are looked at for a price beside them. */
const MAX_FORMS_READ = 20;

/** Fields a visitor types into: a form with one searches, signs in, writes or subscribes. */
const typedInputs = new Set(['text', 'search', 'password', 'email', 'file', 'tel', 'url']);

/** Whether a form posts an item: hidden fields name it, a button sends it, nothing is typed. */
function postsItem(form: Element): boolean {
  if ((form.getAttribute('method') ?? '').toLowerCase() !== 'post') return false;
  let sends = false;
  let named = false;
  for (const control of form.querySelectorAll('input, select, textarea, button')) {
    const tag = tagOf(control);
    const type = (control.getAttribute('type') ?? (tag === 'input' ? 'text' : '')).toLowerCase();
    if (tag === 'textarea' || (tag === 'input' && typedInputs.has(type))) return false;
    if (type === 'hidden') named = true;
    else if (
      (tag === 'button' && type !== 'button' && type !== 'reset') ||
      type === 'submit' ||
      type === 'image'
    )
      sends = true;
  }
  return sends && named;
}

/** Whether a price shows in the few blocks around a form (`BUY_FORM_REACH` characters at most). */
function pricedAround(form: Element): boolean {
  for (
    let block: Element | null = form, level = 0;
    block && level < 4;
    block = block.parentElement, level++
  ) {
    const text = block.textContent;
    if (text.length > BUY_FORM_REACH) return false;
    if (holdsPrice.test(text)) return true;
  }
  return false;
}
