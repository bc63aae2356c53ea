import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails } from './index.js';
import { readMetadata } from './metadata.js';
import { isDiscussionPage } from './page-kind.js';
import { parseDocument } from './parse.js';
import { formsWithControls, threadAround } from './thread-posts.js';

const url = 'https://example.com/forums/topic/4242-case-ports/';

const question =
  'Does anyone know what the two small ports on the back of the case are for? The manual says nothing about them.';
const answer =
  'They are for the lighting hub: the rear one takes an external controller, the lower one chains the fans.';
const thanks =
  'That was it, thank you. The controller plugs into the rear port and the fans now light up together.';

/** A post as forum software prints it: the poster's card, the time, the text. */
const post = (author: string, body: string) =>
  `<article class="message"><div class="message-user"><a href="/profile/${author}">${author}</a></div>
  <div class="message-meta">Posted <time datetime="2024-03-19T21:22:50Z">March 19, 2024</time></div>
  <div class="message-body"><p>${body}</p></div></article>`;

/** Menus, a side column and a footer of links: most of the page's text, as on a real forum. */
const furniture = Array.from(
  { length: 15 },
  (_, index) => `<li><a href="/forums/${index}">Board number ${index} about cases and cooling</a></li>`,
).join('');

/** The posts inside a moderation form that holds only a hidden key, as forum software wraps them. */
const threadInForm = `<html><head><title>Case ports</title></head><body>
  <nav><ul>${furniture}</ul></nav>
  <main><h1>Case ports</h1>
  <form action="/moderate" method="post"><input type="hidden" name="csrfKey" value="abc123">
  ${post('Rabbids', question)}${post('DevBiker', answer)}${post('Rabbids', thanks)}
  </form></main>
  <aside><ul>${furniture}</ul></aside><footer><ul>${furniture}</ul></footer></body></html>`;

describe('a form that only wraps', () => {
  it('is judged like any block: the posts it wraps stay', () => {
    const { text } = extractHtml(threadInForm, { url });
    for (const body of [question, answer, thanks]) expect(text).toContain(body);
    // Read as a form, the wrapper goes with its posts (unless kept as the body of its `<main>`).
    const asForm = extractHtmlWithDetails(threadInForm, {
      url,
      posts: { wrapperForms: false },
      storyForms: false,
    }).page.text;
    expect(asForm).not.toContain(answer);
  });

  it('is a form when it holds a field or a button: a reply box still goes', () => {
    const replyBox =
      '<form action="/reply" method="post"><label>Reply to this topic: be kind and stay on the subject of the thread.</label><textarea name="body"></textarea><button>Submit reply</button></form>';
    const html = threadInForm.replace('</form></main>', `</form>${replyBox}</main>`);
    expect(extractHtml(html, { url }).text).not.toContain('be kind and stay on the subject');
  });

  it('marks each form by its own controls, deep nesting and thousands of forms included', () => {
    const root = parseDocument(
      '<html><body><form id="a"><input type="hidden"><div><form id="b"><input type="text"></form></div></form></body></html>',
    ).documentElement!;
    const marked = [...formsWithControls(root)].map((form) => form.getAttribute('id'));
    expect(marked).toEqual(['b']);
    const deep = `<html><body><form>${'<div>'.repeat(5_000)}<input type="text">${'</div>'.repeat(5_000)}</form>${'<form><input type="hidden"><p>x</p></form>'.repeat(20_000)}</body></html>`;
    expect(formsWithControls(parseDocument(deep).documentElement!).size).toBe(1);
  });
});

describe('a FAQ page', () => {
  const faqPage = `<html><head><title>Hiking boots</title><script type="application/ld+json">${JSON.stringify(
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'How should boots fit?',
          acceptedAnswer: { '@type': 'Answer', text: 'Snug at the heel.' },
        },
      ],
    },
  )}</script></head><body><h1>Hiking boots</h1></body></html>`;
  const kind = (html: string, faqIsNotThread?: boolean) => {
    const document = parseDocument(html);
    return isDiscussionPage(document, 'https://shop.example.com/c/hiking-boots', readMetadata(document), {
      faqIsNotThread,
    });
  };

  it('is not a thread for the questions it answers itself', () => {
    expect(kind(faqPage)).toBe(false);
    expect(kind(faqPage, false)).toBe(true);
  });

  it('leaves a Q&A page a thread', () => {
    expect(kind(faqPage.replace('"FAQPage"', '"QAPage"'))).toBe(true);
  });
});

describe("a thread's posts", () => {
  const log = Array.from(
    { length: 120 },
    (_, index) =>
      `2024-05-03 10:09:${String(index % 60).padStart(2, '0')} ERROR (MainThread) job ${index} failed, retrying`,
  ).join('\n');
  /** A first post of a long pasted log, then short replies: the log holds most of the thread's text. */
  const threadWithLog = `<html><head><title>Stuck on starting</title></head><body><main><h1>Stuck on starting</h1>
    <div class="posts">
    ${post('raoul', `Since the update the server never finishes starting. Here is the log:</p><pre>${log}</pre><p>Any idea?`)}
    ${post('bill', answer)}
    ${post('raoul', thanks)}
    </div></main></body></html>`;
  const threadUrl = 'https://example.com/t/stuck-on-starting/724779';

  it('are kept beside a first post that outweighs them all', () => {
    const { text } = extractHtml(threadWithLog, { url: threadUrl });
    expect(text).toContain('job 119 failed');
    expect(text).toContain(answer);
    expect(text).toContain(thanks);
    const without = extractHtmlWithDetails(threadWithLog, {
      url: threadUrl,
      posts: { postContainer: false },
    });
    expect(without.page.text).not.toContain(answer);
  });

  it('are found around the chosen block, with a question set apart before the answers', () => {
    const html = `<html><body><div id="page"><div class="question"><span class="user-card">Pup</span><p>${question}</p></div>
      <div class="answers">${post('Ann', answer)}${post('Bob', thanks)}</div></div></body></html>`;
    const root = parseDocument(html).documentElement!;
    const chosen = root.querySelector('.message-body')!;
    expect(threadAround(chosen, root)?.getAttribute('id')).toBe('page');
    // Without a poster before the answers, the thread is the answers' container.
    const bare = parseDocument(html.replace('<span class="user-card">Pup</span>', '')).documentElement!;
    expect(threadAround(bare.querySelector('.message-body')!, bare)?.getAttribute('class')).toBe('answers');
  });
});

describe('a comments page', () => {
  const page = `<html><head><title>Hair follicles grown in the lab</title></head><body>
    ${['a', 'b', 'c'].map((id) => `<div class="comment"><a class="author" href="/user/${id}">${id}</a><a class="reply-button" href="#${id}">reply</a></div>`).join('')}
    </body></html>`;
  const kind = (commentsPath?: boolean) => {
    const document = parseDocument(page);
    const pageUrl = 'https://old.example.com/r/science/comments/1rku5x9/hair_follicles/';
    return isDiscussionPage(document, pageUrl, readMetadata(document), { commentsPath });
  };

  it('is a discussion when its path names it so and it holds replies', () => {
    expect(kind()).toBe(true);
    expect(kind(false)).toBe(false);
  });
});

describe("a poster's signature", () => {
  const signature = Array.from(
    { length: 8 },
    (_, index) => `<p>Part ${index}: a component of my build, bought in a sale for a fair price.</p>`,
  ).join('');
  const html = threadInForm.replace(
    `<p>${thanks}</p></div></article>`,
    `<p>${thanks}</p></div><div class="post-signature">${signature}</div></article>`,
  );

  it('goes however long it is beside the post', () => {
    const { text } = extractHtml(html, { url });
    expect(text).toContain(thanks);
    expect(text).not.toContain('a component of my build');
    const kept = extractHtmlWithDetails(html, { url, posts: { longSignatures: false } }).page.text;
    expect(kept).toContain('a component of my build');
  });
});

describe("a thread's opening post set further out than its replies", () => {
  const opening =
    'I fitted the liftgate lights myself and kept them switching with the gate: the wire that carries twelve volts is the black one on the right-hand plug.';
  const replies = [answer, thanks, question]
    .map((body, index) => post(`member${index}`, `${body} ${body}`))
    .join('');
  /** A theme that sets the opening post in a card of its own, beside a block wrapping the replies' container. */
  const html = `<html><head><title>Liftgate lights</title></head><body><nav><ul>${furniture}</ul></nav>
    <div class="thread-body"><div class="card"><h1>Liftgate lights</h1><div class="card-user"><a href="/profile/ninja">ninja</a></div>
    <time datetime="2025-03-21T08:05:00Z">Mar 21, 2025</time><div class="card-text"><p>${opening}</p></div></div>
    <div class="block"><div class="block-container"><div class="replies">${replies}</div></div></div></div>
    <footer><ul>${furniture}</ul></footer></body></html>`;
  const threadUrl = 'https://example.com/threads/liftgate-lights.1797645/';

  it('is read before the replies', () => {
    const { text } = extractHtml(html, { url: threadUrl });
    expect(text).toContain(opening);
    expect(text).toContain(answer);
    expect(text.indexOf(opening)).toBeLessThan(text.indexOf(answer));
    expect(text).not.toContain('Board number');
  });

  it("makes the thread the block holding it when the replies' container is chosen", () => {
    const root = parseDocument(html).documentElement!;
    const chosen = root.querySelector('.replies')!;
    expect(threadAround(chosen, root, false, 2)?.getAttribute('class')).toBe('thread-body');
    // Looked for only beside the replies' container, it is not found.
    expect(threadAround(chosen, root, false, 0)).toBeUndefined();
    expect(threadAround(chosen, root, false, 1)?.getAttribute('class')).toBe('replies');
  });
});
