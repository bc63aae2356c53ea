import { describe, expect, it } from 'vitest';
import { readMetadata } from './metadata.js';
import { holdsNamedPosts } from './named-posts.js';
import { isDiscussionPage } from './page-kind.js';
import { parseDocument } from './parse.js';

const reply = (poster: string, index: number) =>
  `<div class="post bg${(index % 2) + 1}"><p class="author"><a href="/u/${poster}">${poster}</a></p>
  <div class="content">Reply ${index}: the rear port takes the lighting controller.</div></div>`;

/** A forum thread: look-alike posts (`post bg1`, `post bg2`), each naming its poster. */
const thread = `<html><body><div class="topic">${['ann', 'bob', 'cy'].map(reply).join('')}</div></body></html>`;

/** A shop's product page whose promotion boxes are classed like posts, and name nobody. */
const product = `<html><body><div class="promo-message">Free delivery</div>
  <div class="promo-message-text">Members get free returns</div><div class="promo-message-image"></div>
  <ul class="menu"><li class="link"><a href="/account">Account</a></li><li class="link"><a href="/help">Help</a></li></ul>
  <div class="product"><h1>Road running shoe</h1><p>A cushioned shoe for daily miles.</p></div></body></html>`;

describe('a run of named posts', () => {
  it('is found among look-alike blocks that each name their poster', () => {
    expect(holdsNamedPosts(parseDocument(thread))).toBe(true);
  });

  it('needs two of them: one named block is a byline, not a thread', () => {
    const one = `<html><body><div class="story"><div class="post-byline">By Ann</div><p>Text.</p></div></body></html>`;
    expect(holdsNamedPosts(parseDocument(one))).toBe(false);
  });

  it('is not found in blocks classed like posts that name nobody', () => {
    expect(holdsNamedPosts(parseDocument(product))).toBe(false);
  });

  it('makes a forum-like path a discussion, and its absence does not', () => {
    const kind = (html: string, namedPosts?: boolean) => {
      const document = parseDocument(html);
      return isDiscussionPage(document, 'https://shop.example.com/t/road-shoe-123', readMetadata(document), {
        namedPosts,
      });
    };
    expect(kind(thread)).toBe(true);
    expect(kind(product)).toBe(false);
    // Off, three post-classed blocks and the path are enough.
    expect(kind(product, false)).toBe(true);
  });

  it('reads deep nesting and thousands of look-alike blocks that name nobody as no thread', () => {
    const deep = `<html><body>${'<div class="post">'.repeat(20_000)}x${'</div>'.repeat(20_000)}</body></html>`;
    const wide = `<html><body><div>${'<div class="message"><span>text</span></div>'.repeat(20_000)}</div></body></html>`;
    for (const html of [deep, wide]) {
      expect(holdsNamedPosts(parseDocument(html))).toBe(false);
    }
  });
});
