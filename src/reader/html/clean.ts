import {
  boilerplateWords,
  commentWords,
  contentWords,
  furnitureRoles,
  furnitureTags,
  uselessTags,
} from './boilerplate.js';
import { childElementsOf, classAndIdOf, tagOf } from './dom.js';
import { measure } from './stats.js';

/** Options for `removeBoilerplate`. */
export interface CleanOptions {
  /** Keep comment sections: on forums and Q&A pages they are the content. */
  keepComments: boolean;
}

/**
 * Removes what is never main content: scripts and styles, hidden elements, navigation, footers,
 * asides, forms, cookie banners, share widgets, ads and (unless kept) comments. A block that holds
 * most of the page's text is never removed, whatever its class says.
 */
export function removeBoilerplate(root: Element, options: CleanOptions): void {
  const stats = measure(root);
  const pageLength = stats.get(root)?.textLength ?? 0;
  const holdsMostText = (element: Element) => (stats.get(element)?.textLength ?? 0) > pageLength * 0.4;
  const visit = (element: Element): void => {
    for (const child of childElementsOf(element)) {
      if (shouldRemove(child, options, holdsMostText)) child.remove();
      else visit(child);
    }
  };
  visit(root);
}

function shouldRemove(
  element: Element,
  options: CleanOptions,
  holdsMostText: (element: Element) => boolean,
): boolean {
  const tag = tagOf(element);
  if (uselessTags.has(tag)) return true;
  if (isHidden(element)) return true;
  if (tag === 'body' || tag === 'main' || tag === 'article') return false;
  if (furnitureTags.has(tag) || furnitureRoles.has(element.getAttribute('role') ?? ''))
    return !holdsMostText(element);
  if (tag === 'form') return isSmallForm(element) && !holdsMostText(element);
  const words = classAndIdOf(element);
  if (words.trim() === '') return false;
  if (contentWords.test(words)) return false;
  if (boilerplateWords.test(words)) return !holdsMostText(element);
  if (!options.keepComments && commentWords.test(words)) return !holdsMostText(element);
  return false;
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  if (element.getAttribute('aria-hidden') === 'true') return true;
  const style = element.getAttribute('style');
  return style !== null && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

function isSmallForm(form: Element): boolean {
  // ASP.NET pages wrap the whole page in one <form>; only small forms (search, login, comments) go.
  return (form.textContent ?? '').length < 2000;
}
