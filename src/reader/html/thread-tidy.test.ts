import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails } from './index.js';

const url = 'https://example.com/forum/threads/quiet-build.123/';

const first =
  'I am building a quiet editing machine and wonder whether an air cooler is enough for a long render.';
const reply =
  'An air cooler is enough for that processor; pick one with a large fin stack and a slow fan curve.';
const thanks =
  'Thanks, I ordered the larger cooler yesterday and the renders now finish without the fans ramping up.';
/** A signature of short lines: each too short for the renderer's own check for copied blocks. */
const signatureLines = ['My rig: Ryzen 5 7600, 32 GB', 'Fractal case, three slow fans'];

const post = (author: string, body: string, withSignature: boolean) =>
  `<div class="post"><div class="post-author">${author}</div><div class="post-body">${body}</div>${
    withSignature
      ? `<div class="post-end">${signatureLines.map((line) => `<p>${line}</p>`).join('')}</div>`
      : ''
  }</div>`;

/** A thread of three posts: Bob quotes Ann's question, and Ann signs both of hers the same way. */
const thread = `<html><head><title>Quiet build</title></head><body><main><h1>Quiet build</h1>
  ${post('Ann', `<p>${first}</p>`, true)}
  ${post('Bob', `<blockquote><p>${first}</p></blockquote><p>${reply}</p>`, false)}
  ${post('Ann', `<p>${thanks}</p>`, true)}
</main></body></html>`;

const count = (text: string, part: string) => text.split(part).length - 1;

describe('a thread tidied', () => {
  it('keeps each post once: a quote of a post on the page and a repeated signature go', () => {
    const { markdown } = extractHtml(thread, { url });
    expect(markdown).toContain(reply);
    expect(markdown).toContain(thanks);
    expect(count(markdown, first)).toBe(1);
    for (const line of signatureLines) expect(count(markdown, line)).toBe(1);
    // Without the mechanism the same page shows both twice: they are its to drop.
    const kept = extractHtmlWithDetails(thread, { url, thread: false }).page.markdown;
    expect(count(kept, first)).toBe(2);
    for (const line of signatureLines) expect(count(kept, line)).toBe(2);
  });

  it('keeps a quote of a post the page does not show', () => {
    const earlier = 'A post from the previous page of the thread, quoted here because the reply answers it.';
    const html = thread.replace(
      `<blockquote><p>${first}</p></blockquote>`,
      `<blockquote><p>${earlier}</p></blockquote>`,
    );
    expect(extractHtml(html, { url }).markdown).toContain(earlier);
  });

  it('looks for 256 quotes elsewhere in a thread at most, and keeps the ones past them', () => {
    // Each look reads the whole thread: a page of thousands of quotes would take minutes.
    const posts = Array.from(
      { length: 300 },
      (_, index) => `Post ${index} of a long thread, with enough words to count as a post quoted again.`,
    );
    const html = `<html><head><title>Long</title></head><body><main><h1>Long</h1>${posts
      .map((text, index) =>
        post(
          'Ann',
          `${index > 0 ? `<blockquote><p>${posts[index - 1]}</p></blockquote>` : ''}<p>${text} It goes on past the part quoted.</p>`,
          false,
        ),
      )
      .join('')}</main></body></html>`;
    const { markdown } = extractHtml(html, { url });
    expect(count(markdown, posts[100] as string)).toBe(1);
    expect(count(markdown, posts[255] as string)).toBe(1);
    expect(count(markdown, posts[256] as string)).toBe(2);
    expect(count(markdown, posts[298] as string)).toBe(2);
  });

  it('drops the bare links after the last post, and keeps a link inside a post', () => {
    // Bare links inside the thread's block, after its last post: "similar threads", loose lines.
    const similar = [
      'Which cooler for a small case?',
      'Quiet fans for a render box',
      'Is water cooling worth it?',
    ]
      .map((title, index) => `<a href="/forum/threads/${index}">${title}</a>`)
      .join('<br>');
    const html = thread
      .replace(reply, `${reply} <a href="/reviews/coolers">The cooler review</a> says the same.`)
      .replace('<main>', '<main><div class="messages">')
      .replace(
        '</main>',
        `<div class="more"><p>Members online now: one hundred and twenty.</p>${similar}</div></div></main>`,
      );
    const { text } = extractHtml(html, { url });
    expect(text).toContain('The cooler review');
    expect(text).not.toContain('Quiet fans for a render box');
    expect(extractHtmlWithDetails(html, { url, thread: false }).page.text).toContain(
      'Quiet fans for a render box',
    );
  });
});
