import { rememberedByNames } from './class-names.js';
import { CLASS_TOKEN_READINGS, type ClassTokenReadings, readClassTokens } from './token-readings.js';
import type { Element } from './tree/index.js';

/**
 * Patterns that recognise boilerplate by tag, ARIA role and class/id. Kept apart from the code that
 * applies them so they can be read and tuned in one place. Class patterns are matched against each
 * class token (and the id) after BEM modifiers (`--large`) and responsive suffixes (`@md`) are cut.
 */

/**
 * A ruby's readings (`<rt>`, and the brackets `<rp>` shows around them where ruby is not drawn) are
 * set above the text, not in it: the sentence is its base text (`子どもへの虐待`, not
 * `子こどもへの虐待ぎゃくたい`), as a quote of it must read.
 */
export const rubyAnnotationTags: ReadonlySet<string> = new Set(['rt', 'rp']);

/** Elements that never hold readable content (a ruby's readings among them). */
export const uselessTags = new Set([
  ...'script style noscript template svg iframe object embed canvas button input select textarea option dialog link meta head map audio video source track'.split(
    ' ',
  ),
  ...rubyAnnotationTags,
]);

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

/**
 * Words that mark boilerplate when a class token starts with them (`share-buttons`, `cookie_notice`).
 * Intrusive ones (consent banners, pop-ups, ads) are never content, however much text they hold;
 * structural ones (sidebar, menu) also name wrappers of whole pages (`has-sidebar`, `menu-open`).
 */
const intrusivePrefixes =
  'cookie consent gdpr newsletter subscribe signup share sharing shariff social advert sponsor popup modal overlay outbrain taboola paywall disqus print-only login signin banner-ad adsense adslot ad-slot dfp-';
const structuralPrefixes =
  'breadcrumb sidebar related recommend promo pagination pager masthead navbar navigation menu topbar toolbar footer skiplink skip-link tagcloud offcanvas off-canvas hidden mfp-hide toc table-of-contents';

/** Words that mark boilerplate only as a whole word of a token (`ad`, not `address`). */
const boilerplateWholeWords = 'ad ads adv nav hide skip tags tag-list author-box bio rating share';

/** Words of comment sections: boilerplate on articles, content on forums. */
const commentPrefixes =
  'comment respond reply-form disqus author-bio authorbio author-box about-author author-description author-info author-card author-container entry-author sabox';

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

const intrusivePattern = prefixPattern(intrusivePrefixes);
const structuralPattern = prefixPattern(structuralPrefixes);
const boilerplateWordPattern = wholeWordPattern(boilerplateWholeWords);
/** `commentary` and `commentator` name an opinion piece and its author, not comments. */
const commentPattern = new RegExp(`${prefixPattern(commentPrefixes).source}(?!ary|aries|ator)`);
const contentPattern = prefixPattern(contentPrefixes);

/** What an element's class/id says it is. */
export type ClassVerdict = 'content' | 'intrusive' | 'boilerplate' | 'comments' | 'neutral';

/** Microdata of a comment or a thread of them: language-neutral marks of a comment section. */
export function isMarkedComment(element: Element): boolean {
  const type = element.getAttribute('itemtype') ?? '';
  return (
    /schema\.org\/(?:Comment|UserComments)$/i.test(type) || element.getAttribute('itemprop') === 'comment'
  );
}

/** What class and id tokens say their element is. */
function verdictOf(tokens: readonly string[]): ClassVerdict {
  if (tokens.length === 0) return 'neutral';
  if (tokens.some((token) => contentPattern.test(token))) return 'content';
  if (tokens.some((token) => intrusivePattern.test(token))) return 'intrusive';
  if (tokens.some((token) => structuralPattern.test(token) || boilerplateWordPattern.test(token)))
    return 'boilerplate';
  if (tokens.some((token) => commentPattern.test(token))) return 'comments';
  return 'neutral';
}

const writtenVerdictOf = rememberedByNames(verdictOf);
const readVerdictOf = rememberedByNames((tokens) =>
  verdictOf(readClassTokens(tokens, { smallScreens: false })),
);
const readOnScreensVerdictOf = rememberedByNames((tokens) =>
  verdictOf(readClassTokens(tokens, { smallScreens: true })),
);

/**
 * What an element's class and id say it is (remembered by their text). `readings` (default the
 * shipped ones) say how each token is built first (see `token-readings.ts`); `false` reads the words
 * as written.
 */
export function classVerdictOf(
  element: Element,
  readings: ClassTokenReadings | false = CLASS_TOKEN_READINGS,
): ClassVerdict {
  if (readings === false) return writtenVerdictOf(element);
  return readings.smallScreens ? readOnScreensVerdictOf(element) : readVerdictOf(element);
}

/**
 * Words of blocks that sit inside an article but are not part of it: bylines and dates, author
 * boxes, tag lists, ratings, captions and credits, share prompts. Matched as a word of a class
 * token (`post_author`, `tag-list`). On discussion pages the poster and date belong to each post.
 * Bare `meta`, `time` and `teaser` are left out: recipes and events keep their facts in
 * `recipe-meta` and `preparation__time`, and news sites call the lead paragraph a teaser.
 */
const innerFurnitureWords =
  'byline dateline timestamp date published posted author authors author-info rating ratings stars tags tag-list taglist categories attachment infoline lightbox print subscribe newsletter share sharing social toolbar';

/**
 * Words of a picture's caption and credit (`figure__copyright`, `imagedescription`, `img-metadata`).
 * Unlike a byline, a caption set inline (a `<span>` in a paragraph) is not part of the sentence.
 */
const captionWords =
  'caption captions imagecaption image-caption credit credits image-credit photo-credit copyright imagedescription image-description image-subtitle img-metadata image-source bildunterschrift bildnachweis';
const captionPattern = wholeWordPattern(captionWords);

/**
 * Class tokens of text kept for screen readers only (`sr-only`, `screen-reader-text`,
 * `visually-hidden`, `u-sronly`): a browser clips it to nothing, so no reader of the screen sees it —
 * a card's "Option: …" label repeating its name, a price spelled out again, "opens in a new tab".
 */
const screenReaderOnlyPattern =
  /(?:^|[_-])(?:sr-?only|sr-text|screen-?reader(?:-text|-only)?|visually-?hidden)(?:$|[_-])/;

/** Whether an element's class says it is shown to screen readers only. */
export const isScreenReaderOnly = rememberedByNames((tokens) =>
  tokens.some((token) => screenReaderOnlyPattern.test(token)),
);

/** Whether an element is a picture's caption or credit line. */
export const isCaption = rememberedByNames((tokens) => tokens.some((token) => captionPattern.test(token)));
const discussionKeeps = new Set([
  'byline',
  'dateline',
  'timestamp',
  'date',
  'published',
  'posted',
  'author',
  'authors',
  'author-info',
]);

/**
 * Words of what a forum prints around each post but is not the post: the poster's signature,
 * post count, join date, rank and badges, "last edited by" notes.
 */
const postFurnitureWords =
  'signature sig postsignature profile-posts profile-joined profile-rank user-stats userstats userinfo-extra user-title usertitle user-rank userrank postcount post-count user-badges userbadges message-userextras message-signature edited-by last-edited';

const innerFurniturePattern = wholeWordPattern(innerFurnitureWords);
const postFurniturePattern = wholeWordPattern(postFurnitureWords);
const innerFurnitureOnDiscussionPattern = wholeWordPattern(
  innerFurnitureWords
    .split(' ')
    .filter((word) => !discussionKeeps.has(word))
    .join(' '),
);
/** The meta line of a post (`entry-meta`, `entry__meta`, `postmetadata`), not a recipe's `recipe-meta`. */
const postMetaPattern = /(?:^|[_-])(?:entry|post|article|story|blog|news)[_-]*meta(?:data)?(?:$|[_-])|^meta$/;
/** `btn-share` is a button; `cmp-cta__button--wide` may be a whole call-to-action section. */
const buttonPattern = /^(?:btn|button)(?:$|[_-])/;

/** Whether an element inside the chosen content is a byline, tag list, share prompt or the like. */
export function isInnerFurniture(element: Element, discussion: boolean): boolean {
  const names = furnitureNamesOf(element);
  return (discussion ? names.onDiscussion : names.onArticle) || (names.widget && isTitledWidget(element));
}

/** Whether an element is a blog's titled sidebar block (`widget widget_categories` with its title). */
export function isTitledWidgetBlock(element: Element): boolean {
  return furnitureNamesOf(element).widget && isTitledWidget(element);
}

/** What an element's class and id say about it as furniture, on an article and on a discussion page. */
const furnitureNamesOf = rememberedByNames((tokens) => {
  const both = (token: string) => captionPattern.test(token) || buttonPattern.test(token);
  return {
    onArticle: tokens.some(
      (token) => innerFurniturePattern.test(token) || both(token) || postMetaPattern.test(token),
    ),
    onDiscussion: tokens.some(
      (token) =>
        innerFurnitureOnDiscussionPattern.test(token) || both(token) || postFurniturePattern.test(token),
    ),
    widget: tokens.some((token) => token.startsWith('widget')),
  };
});

/** Whether an element is a post's signature, post count, rank or the like: furniture of each post. */
export const isPostFurniture = rememberedByNames((tokens) =>
  tokens.some((token) => postFurniturePattern.test(token)),
);

/**
 * A blog's sidebar block (`widget widget_recent_entries`) carries a title of its own; page
 * builders also call every block of the article a widget, but those have none.
 */
function isTitledWidget(element: Element): boolean {
  return element.querySelector('.widget-title, .widgettitle, .widget__title, h2.title') !== null;
}
