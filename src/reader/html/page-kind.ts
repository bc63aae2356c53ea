import { isArticleType } from './json-ld.js';
import type { PageMetadata } from './metadata.js';
import { holdsNamedPosts } from './named-posts.js';
import type { Document } from './tree/index.js';

/** Signs that a page is a discussion (forum thread, Q&A, comments page) whose replies are content. */

const forumUrl =
  /\/(forums?|threads?|topics?|viewtopic|showthread|community|discussions?|questions|boards?|t)\b|[?&](t|topic|thread)=/i;
/** A path naming the page its comments (`/r/science/comments/1rku5x9/…`): they are its content. */
const commentsUrl = /\/comments\/[^/]/i;
const forumTypes = ['discussionforumposting', 'qapage', 'question', 'answer'];
/** Types a `FAQPage` holds too: there the site answers its own readers' questions. */
const faqTypes = new Set(['question', 'answer']);
const postSelector =
  '[class*="post" i], [class*="message" i], [class*="reply" i], [class*="answer" i], [itemtype*="Comment"], [itemprop="comment"]';

/** Which signs of a discussion count (each default true; see `PostMechanisms`). */
export interface DiscussionSigns {
  faqIsNotThread: boolean;
  commentsPath: boolean;
  /** A forum-like path counts only on a page holding look-alike posts that name their posters. */
  namedPosts: boolean;
  /** Look-alike posts are read by class shape, not first class token (see `class-shape.ts`). */
  shapedPosts?: boolean;
}

/**
 * Whether the page reads as a forum thread or Q&A page: by its schema.org type, or by URL and many
 * post blocks, look-alike ones among them naming their posters (`holdsNamedPosts`). `Comment` nodes
 * alone do not make an article (a blog post with its comments) a thread: the comments follow the
 * post, they are not the content. Nor do a `FAQPage`'s questions (unless `faqIsNotThread` is false,
 * to measure it).
 */
export function isDiscussionPage(
  document: Document,
  url: string,
  metadata: PageMetadata,
  {
    faqIsNotThread = true,
    commentsPath = true,
    namedPosts = true,
    shapedPosts,
  }: Partial<DiscussionSigns> = {},
): boolean {
  const { schemaTypes } = metadata;
  const faq = faqIsNotThread && schemaTypes.has('faqpage');
  if (forumTypes.some((type) => schemaTypes.has(type) && !(faq && faqTypes.has(type)))) return true;
  if (schemaTypes.has('comment') && !isArticlePage(metadata)) return true;
  const path = safePath(url);
  if (!forumUrl.test(path) && !(commentsPath && commentsUrl.test(path))) return false;
  return (
    document.querySelectorAll(postSelector).length >= 3 &&
    (!namedPosts || holdsNamedPosts(document, undefined, shapedPosts))
  );
}

function safePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    // An unparseable URL says nothing about the page kind.
    return '';
  }
}

/**
 * Whether the page is a dated story (news article, blog post): it states when it was published or
 * calls itself an article. Such pages end with teasers for other stories; a service page's cards
 * for its offers are its content.
 */
export function isArticlePage(metadata: PageMetadata): boolean {
  return (
    metadata.publishedAt !== undefined ||
    [...metadata.schemaTypes].some(isArticleType) ||
    metadata.ogType === 'article'
  );
}
