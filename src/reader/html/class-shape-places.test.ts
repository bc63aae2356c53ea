import { describe, expect, it } from 'vitest';
import { CLASS_SHAPE_PLACES, type ClassShapePlaces } from './class-shape.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';
import { selectMainContent } from './select.js';
import { threadAround } from './thread-posts.js';

/** A blog index's entry as a theme prints it: the first class token is the post's id. */
const entry = (index: number, sentences: number) =>
  `<article class="post-${100 + index} post type-post status-publish tag-t${index}">
  <h2><a href="/p/${index}">A much longer linked title for the post number ${index} about whales and seals</a></h2>
  <p>${'The whales were counted along the coast again this spring, and the count was higher than before. '.repeat(sentences)}and more […]</p>
  <p><a href="/tag/${index}">whales</a> <a href="/tag/x${index}">seals and other marine mammals of the coast</a>
  <a href="/p/${index}#comments">Read the comments on this post</a></p></article>`;

/** One long entry and six short ones, beside a side column. */
const blogIndex = `<html><head><title>Blog</title></head><body><div class="site"><div class="index">${[
  entry(1, 5),
  ...[2, 3, 4, 5, 6, 7].map((index) => entry(index, 0)),
].join('')}</div><div class="sidebar"><p>About us</p></div></div></body></html>`;

const chosenIn = (html: string, places: ClassShapePlaces) =>
  selectMainContent(contentRootOf(parseDocument(html)), { discussion: false, classShape: places }).map(
    (element) => element.getAttribute('class'),
  );

describe('look-alike blocks read by class shape when choosing the content', () => {
  it('reads a blog index whose entries differ in their first class token (an id) as the index', () => {
    expect(chosenIn(blogIndex, { ...CLASS_SHAPE_PLACES, select: true })).toEqual(['index']);
    // By the first token no two entries are alike: the longest entry stands alone.
    expect(chosenIn(blogIndex, { ...CLASS_SHAPE_PLACES, select: false })).toEqual([
      'post-101 post type-post status-publish tag-t1',
    ]);
  });

  it('keeps every entry of such an index in what the reader ships', () => {
    const read = (places: ClassShapePlaces) =>
      extractHtmlWithDetails(blogIndex, { url: 'https://example.com/blog/', classShape: places }).page.text;
    for (const index of [2, 4, 7]) expect(read(CLASS_SHAPE_PLACES)).toContain(`post number ${index} about`);
    expect(read({ ...CLASS_SHAPE_PLACES, select: false })).not.toContain('post number 4 about');
  });

  it('finds a thread of posts whose first class token is each post’s id, by shape', () => {
    const post = (index: number) =>
      `<div class="post-${index} post"><div class="author"><a href="/u/${index}">User ${index}</a></div>
      <time datetime="2024-03-19">March 19</time><p id="p${index}">Reply number ${index} to the question.</p></div>`;
    const html = `<html><body><div class="thread">${[1, 2, 3].map(post).join('')}</div></body></html>`;
    const root = contentRootOf(parseDocument(html));
    const chosen = root.querySelector('#p2')!;
    expect(threadAround(chosen, root, true)?.getAttribute('class')).toBe('thread');
    expect(threadAround(chosen, root, false)).toBeUndefined();
  });
});
