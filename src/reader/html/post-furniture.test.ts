import { describe, expect, it } from 'vitest';
import { normalizeSpace } from './dom.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';
import { dropRepeatedPostLines, POST_FURNITURE_LIMITS } from './post-furniture.js';
import type { Element } from './tree/index.js';

/** A post as forum software sets it: the poster's name, rank and stats beside the message. */
const post = (poster: string, rank: string, messages: string, body: string, stamp: string) => `
  <article class="message"><div class="message-user">
    <h4 class="message-name"><a href="/members/${poster}" data-user-id="${poster.length}">${poster}</a></h4>
    <h5 class="userTitle">${rank}</h5>
    <dl class="pairs"><dt>Messages:</dt> <dd>${messages}</dd></dl>
    <div class="status">Offline</div>
  </div><div class="message-main">
    <div class="message-attribution"><time datetime="2024-01-02">${stamp}</time></div>
    <div class="bbWrapper">${body}</div>
  </div></article>`;

const posts = [
  post(
    'ann',
    'Premium Member',
    '1,234',
    'The rear port takes the lighting controller, so plan the cables.',
    'Jan 2, 2024',
  ),
  post(
    'bob',
    'Premium Member',
    '87',
    'Mine came with the controller already wired to that port.',
    'Jan 2, 2024',
  ),
  post(
    'ann',
    'Premium Member',
    '1,235',
    'Good to know: then the front panel stays free for the fans.',
    'Jan 2, 2024',
  ),
  post('ann', 'Member', '1,236', 'Thanks to both of you.', 'Jan 3, 2024'),
];

const textOf = (root: Element) => normalizeSpace(root.textContent);

describe('the short blocks a thread repeats in each post', () => {
  it('go: a rank, the label of a stat with its value, a status; names, dates and the posts stay', () => {
    const root = contentRootOf(
      parseDocument(`<html><body><div class="thread">${posts.join('')}</div></body></html>`),
    );
    dropRepeatedPostLines([root], POST_FURNITURE_LIMITS);
    const text = textOf(root);
    for (const gone of ['Premium Member', 'Messages:', '1,234', 'Offline']) expect(text).not.toContain(gone);
    // A rank seen once is not repeated; the name and date each post shows are the post's.
    for (const kept of ['Member', 'ann', 'bob', 'Jan 2, 2024', 'Jan 3, 2024', 'Thanks to both of you.'])
      expect(text).toContain(kept);
    expect(text).toContain('The rear port takes the lighting controller');
  });

  it('stay when seen in fewer places than the limit, and in a post’s own list of short lines', () => {
    const two = `<html><body><div class="thread">${posts.slice(0, 2).join('')}</div></body></html>`;
    const root = contentRootOf(parseDocument(two));
    dropRepeatedPostLines([root], { ...POST_FURNITURE_LIMITS, minPlaces: 3 });
    expect(textOf(root)).toContain('Premium Member');
    const list = `<html><body><div class="post"><div>Jigsaw</div><div>Jigsaw</div><div>Jigsaw</div>
      <div>Drill</div></div></body></html>`;
    const listed = contentRootOf(parseDocument(list));
    dropRepeatedPostLines([listed], POST_FURNITURE_LIMITS);
    expect(listed.textContent.replace(/\s+/g, '')).toBe('JigsawJigsawJigsawDrill');
  });

  it('stay when a paragraph, a quote, code or a sentence repeats them', () => {
    const replies = ['a', 'b', 'c'].map(
      (poster) => `<div class="reply"><p>+1</p><blockquote><div>NIH - 7/18</div></blockquote>
        <pre>npm run build</pre><div>Same here!</div><div>${poster} wrote more here about it all.</div></div>`,
    );
    const root = contentRootOf(parseDocument(`<html><body>${replies.join('')}</body></html>`));
    dropRepeatedPostLines([root], POST_FURNITURE_LIMITS);
    const text = textOf(root);
    for (const kept of ['+1', 'NIH - 7/18', 'npm run build', 'Same here!']) expect(text).toContain(kept);
  });

  it('leave a discussion page through the reader, and stay with the switch off', () => {
    const html = `<html><head><title>Case fans</title></head><body><main><h1>Case fans</h1>
      <div class="thread" itemscope itemtype="https://schema.org/DiscussionForumPosting">${posts.join('')}</div>
      </main></body></html>`;
    const url = 'https://forum.example.com/threads/case-fans.12/';
    const on = extractHtmlWithDetails(html, { url }).page.text;
    const off = extractHtmlWithDetails(html, { url, postFurniture: false }).page.text;
    expect(on).toContain('The rear port takes the lighting controller');
    expect(on).not.toContain('Offline');
    expect(off).toContain('Offline');
  });

  it('are found in one walk of a deep or wide thread', () => {
    const deep = `<html><body>${'<div>'.repeat(20_000)}<div>Offline</div>${'</div>'.repeat(20_000)}</body></html>`;
    const wide = `<html><body>${'<div class="post"><div>Offline</div><div>text of the post.</div></div>'.repeat(20_000)}</body></html>`;
    for (const html of [deep, wide]) {
      const root = contentRootOf(parseDocument(html));
      dropRepeatedPostLines([root], POST_FURNITURE_LIMITS);
      expect(textOf(root)).not.toBe('');
    }
    const root = contentRootOf(parseDocument(wide));
    dropRepeatedPostLines([root], POST_FURNITURE_LIMITS);
    expect(textOf(root)).not.toContain('Offline');
  });
});
