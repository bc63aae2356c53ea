import { classVerdictOf } from './boilerplate.js';
import { classTokensOf } from './class-names.js';
import { tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/*
 * What cleaning asks before it removes a block its name calls boilerplate: whether it holds an
 * article's prose, whether the page has an article beside it, whether it is a side column.
 */

/** Paragraphs of at least this many characters read as an article's prose. */
const PROSE_PARAGRAPH_LENGTH = 80;
/** A block holding this many prose paragraphs holds an article, whatever its class says. */
const ARTICLE_PARAGRAPHS = 3;

/**
 * A page's side column by name (`#sidebar`, `sidebar-right`, `widget-area`), not a wrapper that
 * has one (`has-sidebar`): beside a short article it holds as much text as the article.
 */
export function isSidebar(element: Element): boolean {
  return classTokensOf(element).some((token) =>
    /^(?:sidebar|side-bar|widget-area)(?:$|[-_]\w{1,12}$)/.test(token),
  );
}

/**
 * Whether a block holds an article's prose: themes wrap the post in `#socialicons-sticky` or
 * `sharingContainer` to pin share buttons beside it.
 */
export function holdsArticle(element: Element): boolean {
  let paragraphs = 0;
  for (const paragraph of element.querySelectorAll('p')) {
    if (paragraph.textContent.trim().length >= PROSE_PARAGRAPH_LENGTH) paragraphs += 1;
    if (paragraphs >= ARTICLE_PARAGRAPHS) return true;
  }
  return false;
}

/**
 * Whether the page has an article beside `element`: an `<article>` or a block named for an
 * article's body, holding prose.
 */
export function hasArticleBesides(root: Element, element: Element): boolean {
  for (const candidate of root.querySelectorAll('article, [class], [id]')) {
    if (element.contains(candidate) || candidate.contains(element)) continue;
    if (tagOf(candidate) !== 'article' && classVerdictOf(candidate) !== 'content') continue;
    if (holdsArticle(candidate)) return true;
  }
  return false;
}
