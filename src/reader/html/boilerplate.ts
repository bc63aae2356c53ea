/**
 * Patterns that recognise boilerplate by tag, ARIA role and class/id. Kept apart from the code that
 * applies them so they can be read and tuned in one place.
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

/** Class/id words of boilerplate blocks (cookie banners, share widgets, ads, related links...). */
export const boilerplateWords =
  /(?:^|[\s_-])(cookies?|consent|gdpr|cmp|newsletter|subscribe|subscription|signup|share|sharing|shariff|social|socials|sharebar|breadcrumbs?|sidebar|side-bar|related|recommended|recommendations?|advert|advertisement|ads|ad|adv|ad-slot|adsense|dfp|banner-ad|sponsor|sponsored|promo|promotion|popup|modal|overlay|skip|skiplink|outbrain|taboola|pagination|pager|masthead|navbar|nav|navigation|menu|mainmenu|topbar|toolbar|footer|site-footer|site-header|header-nav|print-link|login|signin|paywall|teaser-list|more-stories|read-more|tagcloud|tags-list|author-box|widget-area|offcanvas|off-canvas)(?:[\s_-]|$)/;

/** Class/id words of comment sections: boilerplate on articles, content on forums. */
export const commentWords =
  /(?:^|[\s_-])(comments?|comment-list|commentlist|respond|reply-form|disqus|discussion)(?:[\s_-]|$)/;

/** Class/id words of content: protects a block from the boilerplate patterns. */
export const contentWords =
  /(?:^|[\s_-])(article|article-body|articlebody|post-body|post-content|entry-content|entry|main-content|maincontent|content-body|story|story-body|body-text|text|blog-post|markdown-body|prose|documentation|product-description)(?:[\s_-]|$)/;
