import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './index.js';

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

/** A thread whose opening post is the page's story and whose replies sit in comment blocks. */
const thread = (replies: number) =>
  `<html><body><nav><a href="/">Home</a> <a href="/beginners">Beginners</a></nav>` +
  `<div class="topic"><h1>Will a simple method work?</h1><div class="first-post"><p>${question}</p></div>` +
  `<div class="comments">${Array.from({ length: replies }, (_, index) => reply(index + 1)).join('')}</div>` +
  `</div><footer>About the forum</footer></body></html>`;

const read = (html: string, threadBelow: number | false) =>
  extractHtmlWithDetails(html, { url, threadBelow }).page.text;

describe('a short story outweighed by its comment blocks', () => {
  it('is read as a thread below the limit, replies after the opening post', () => {
    const html = thread(12);
    expect(read(html, false)).not.toContain('Reply 7');
    const text = read(html, 1000);
    expect(text).toContain(question);
    expect(text).toContain('Reply 7');
    expect(text.indexOf(question)).toBeLessThan(text.indexOf('Reply 1:'));
  });

  it('keeps the story alone when the comments are few', () => {
    expect(read(thread(1), 1000)).not.toContain('Reply 1');
  });
});
