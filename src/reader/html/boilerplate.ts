/**
 * Patterns that recognise boilerplate by tag, ARIA role and class/id. Kept apart from the code that
 * applies them so they can be read and tuned in one place. Class patterns are matched against each
 * class token (and the id) after BEM modifiers (`--large`) and responsive suffixes (`@md`) are cut.
 */

/** Elements that never hold readable content. */
export const uselessTags = new Set(
  'script style noscript template svg iframe object embed canvas button input select textarea option dialog link meta head map audio video source track'.split(
    ' ',
  ),
);

/** Page furniture by tag: dropped unless it holds most of the page's text. */
export const furnitureTags = new Set(['nav', 'footer', 'aside']);

/** ARIA roles of page furniture. */
export const furnitureRoles = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
]);

/** Words that mark boilerplate when a class token starts with them (`share-buttons`, `cookie_notice`). */
const boilerplatePrefixes =
  'cookie consent gdpr newsletter subscribe signup share sharing shariff social breadcrumb sidebar related recommend advert sponsor promo popup modal overlay outbrain taboola pagination pager masthead navbar navigation menu topbar toolbar footer skiplink skip-link paywall tagcloud offcanvas off-canvas disqus print-only login signin banner-ad adsense adslot ad-slot dfp- hidden mfp-hide toc table-of-contents';

/** Words that mark boilerplate only as a whole word of a token (`ad`, not `address`). */
const boilerplateWholeWords = 'ad ads adv nav hide skip tags tag-list author-box bio rating share';

/** Words of comment sections: boilerplate on articles, content on forums. */
const commentPrefixes = 'comment respond reply-form disqus author-bio authorbio author-box about-author';

/** Words of content: protect a block from the boilerplate patterns. */
const contentPrefixes =
  'article-body articlebody article-content article__body post-body post-content entry-content main-content maincontent content-body story-body body-text blog-post markdown-body prose product-description';

function prefixPattern(words: string): RegExp {
  return new RegExp(`(?:^|[_-])(?:${words.split(' ').map(escapeRegExp).join('|')})`);
}

function wholeWordPattern(words: string): RegExp {
  return new RegExp(`(?:^|[_-])(?:${words.split(' ').map(escapeRegExp).join('|')})(?:$|[_-])`);
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const boilerplatePattern = prefixPattern(boilerplatePrefixes);
const boilerplateWordPattern = wholeWordPattern(boilerplateWholeWords);
const commentPattern = prefixPattern(commentPrefixes);
const contentPattern = prefixPattern(contentPrefixes);

/** Class tokens and id of an element, lower-cased, without BEM modifiers or `@breakpoint` suffixes. */
export function classTokensOf(element: Element): string[] {
  const raw = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.toLowerCase();
  const tokens: string[] = [];
  for (const token of raw.split(/\s+/)) {
    const base = token.split('--')[0]!.split('@')[0]!;
    if (base !== '') tokens.push(base);
  }
  return tokens;
}

/** What an element's class/id says it is. */
export type ClassVerdict = 'content' | 'boilerplate' | 'comments' | 'neutral';

export function classVerdictOf(element: Element): ClassVerdict {
  const tokens = classTokensOf(element);
  if (tokens.length === 0) return 'neutral';
  if (tokens.some((token) => contentPattern.test(token))) return 'content';
  if (tokens.some((token) => boilerplatePattern.test(token) || boilerplateWordPattern.test(token)))
    return 'boilerplate';
  if (tokens.some((token) => commentPattern.test(token))) return 'comments';
  return 'neutral';
}
