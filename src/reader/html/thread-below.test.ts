import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './index.js';
import type { ThreadBelowLimits } from './thread-below.js';

const url = 'https://example.com/beginners/1488-will-a-simple-method-work.html';

const question =
  'Could it be as simple as finding a product with a fair commission, running ads to its landing page and ' +
  'collecting emails on the way? Where will I run into a snag, and what budget do I need to start? I have a ' +
  'day job and can set aside a little each month, but I would rather not lose it on a method that only worked ' +
  'twenty years ago. I have read the guides on the affiliate page and the tools there look tested, yet every ' +
  'forum thread I find says something else, and the courses I was offered cost more than my whole budget.';

const reply = (index: number) =>
  `<div class="comment" id="comment-${index}"><span class="poster">member${index}</span>` +
  `<p>Reply ${index}: it can work, but test small first, watch what each click costs you, and keep notes on ` +
  `every campaign so that you learn from the ones that fail as much as from the ones that pay.</p></div>`;

/**
 * A thread whose opening post is the page's story and whose replies sit in comment blocks; `head`
 * goes in the page's `<head>` (metadata calling it an article, say).
 */
const thread = (replies: number, head = '') =>
  `<html><head>${head}</head><body><nav><a href="/">Home</a> <a href="/beginners">Beginners</a></nav>` +
  `<div class="topic"><h1>Will a simple method work?</h1><div class="first-post"><p>${question}</p></div>` +
  `<div class="comments">${Array.from({ length: replies }, (_, index) => reply(index + 1)).join('')}</div>` +
  `</div><footer>About the forum</footer></body></html>`;

const read = (html: string, threadBelow?: ThreadBelowLimits | false) =>
  extractHtmlWithDetails(html, { url, threadBelow }).page.text;

/** What the reader shipped before: below 1000 characters, three times the text, articles too. */
const older: ThreadBelowLimits = { below: 1000, gain: 3, articles: true };

const articleHead =
  '<meta property="og:type" content="article"><script type="application/ld+json">' +
  '{"@type":"BlogPosting","headline":"Will a simple method work?","datePublished":"2024-03-05"}</script>';

describe('a short post outweighed by its comment blocks', () => {
  it('is read as a thread, replies after the opening post', () => {
    const html = thread(12);
    expect(read(html, false)).not.toContain('Reply 7');
    for (const text of [read(html), read(html, older)]) {
      expect(text).toContain(question);
      expect(text).toContain('Reply 7');
      expect(text.indexOf(question)).toBeLessThan(text.indexOf('Reply 1:'));
    }
  });

  it('is read as a thread when its replies hold twice its text, not three times', () => {
    const html = thread(5);
    expect(read(html)).toContain('Reply 5');
    expect(read(html, older)).not.toContain('Reply 5');
  });

  it('keeps the post alone when the comments are few', () => {
    expect(read(thread(1))).not.toContain('Reply 1');
  });

  it("keeps an article's story alone: its comments are its readers' remarks", () => {
    const html = thread(12, articleHead);
    expect(read(html)).toContain(question);
    expect(read(html)).not.toContain('Reply 7');
  });
});
