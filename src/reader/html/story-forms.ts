import { collapsedLengthOf } from './dom.js';
import type { Element } from './tree/index.js';

/** Fewest characters of a form kept as its body: the least cleaning calls a block large. */
const MIN_FORM_LENGTH = 300;

/**
 * A test of whether a form with controls holds `share` or more of the text of the `<article>` or
 * `<main>` around it: that element's body (a shop writes its product into the buy form), not a
 * search box or a comment form beside it. Each body is measured once, as it stood when its first form
 * was judged: a page may set thousands of forms in one `<main>`, and removing them one by one must not
 * leave the last ones holding most of what remains. `false`: no form is a body.
 */
export function storyFormTest(share: number | false): (form: Element) => boolean {
  if (share === false) return () => false;
  const bodyLengths = new Map<Element, number>();
  return (form) => {
    const body = form.closest('article, main');
    if (body === null) return false;
    const length = collapsedLengthOf(form);
    if (length <= MIN_FORM_LENGTH) return false;
    const bodyLength = bodyLengths.get(body) ?? collapsedLengthOf(body);
    bodyLengths.set(body, bodyLength);
    return length >= bodyLength * share;
  };
}
