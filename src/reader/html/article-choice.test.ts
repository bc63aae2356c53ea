import { describe, expect, it } from 'vitest';
import { extractHtml } from './index.js';

/** Sentences with varied words, so each paragraph is recognisable in the output. */
function paragraph(topic: string, index: number): string {
  return `The ${topic} report, part ${index}, says the council will review the plan, the budget and the schedule before spring, according to officials who spoke on Tuesday.`;
}

function articleHead(title: string, type = 'NewsArticle'): string {
  return `<title>${title} | Daily Courier</title><meta property="og:type" content="article"><meta property="og:title" content="${title}"><script type="application/ld+json">{"@context":"https://schema.org","@type":"${type}","headline":"${title}","datePublished":"2024-03-05T08:00:00Z"}</script>`;
}

function menu(): string {
  const sections = ['News', 'Politics', 'Business', 'Sport', 'Culture', 'Travel', 'Science', 'Opinion'];
  return `<div class="header-links">${sections
    .map(
      (section) =>
        `<div class="col"><h4>${section}</h4><ul>${Array.from({ length: 12 }, (_, index) => `<li><a href="/${section.toLowerCase()}/${index}">${section} story number ${index} from our desk today</a></li>`).join('')}</ul></div>`,
    )
    .join('')}</div>`;
}

function teasers(count: number, prefix: string): string {
  return Array.from(
    { length: count },
    (_, index) =>
      `<div class="card"><a href="/${prefix}/${index}"><h3>${prefix} headline ${index} about a different matter entirely</h3></a><p>A short summary of the ${prefix} story ${index}, with a clause, a comma, and a full stop.</p></div>`,
  ).join('');
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

describe('choosing the article among page furniture', () => {
  it('reads a short paywalled story, not the site menu beside it', () => {
    const story = [1, 2, 3].map((index) => `<p>${paragraph('paywall', index)}</p>`).join('');
    const html = `<html><head>${articleHead('Council delays the vote')}</head><body>${menu()}<main><article><h1>Council delays the vote</h1>${story}<div class="wall"><p>Subscribe to keep reading.</p></div></article></main></body></html>`;
    const page = extractHtml(html, { url: 'https://courier.example/news/vote' });
    for (const index of [1, 2, 3]) expect(page.text).toContain(paragraph('paywall', index));
    expect(page.text).not.toContain('story number');
    expect(words(page.text)).toBeLessThan(words(story.replace(/<[^>]+>/g, ' ')) * 2);
  });

  it('reads a blog post, not the long comment thread after it', () => {
    const post = [1, 2, 3, 4].map((index) => `<p>${paragraph('garden', index)}</p>`).join('');
    const replies = Array.from(
      { length: 25 },
      (_, index) =>
        `<div class="response" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><span class="who">Reader ${index}</span><p>I tried this in my own garden, reader ${index} here, and it worked well enough, thanks for the long and careful write-up, truly.</p></div>`,
    ).join('');
    const html = `<html><head>${articleHead('Spring in the garden', 'BlogPosting')}</head><body><div class="wrap"><article><h1>Spring in the garden</h1>${post}</article><section id="responses"><h2>25 thoughts</h2>${replies}</section></div></body></html>`;
    const page = extractHtml(html, { url: 'https://blog.example/2024/03/spring' });
    for (const index of [1, 2, 3, 4]) expect(page.text).toContain(paragraph('garden', index));
    expect(words(page.text)).toBeLessThan(words(post.replace(/<[^>]+>/g, ' ')) * 2);
  });

  it('reads a blog post, not an unmarked comment thread after it', () => {
    const post = [1, 2, 3, 4].map((index) => `<p>${paragraph('kitchen', index)}</p>`).join('');
    const replies = Array.from(
      { length: 20 },
      (_, index) =>
        `<div class="entry"><a href="https://reader${index}.example/">Reader ${index}</a> <a href="?reply=${index}"><time>March ${index + 1}</time></a><p>I tried this in my own kitchen, reader ${index} here, and it worked well enough, thanks for the long and careful write-up, truly.</p></div>`,
    ).join('');
    const html = `<html><head>${articleHead('A new kitchen', 'BlogPosting')}</head><body><div class="wrap"><div class="post"><h1>A new kitchen</h1>${post}</div><div class="thread"><h2>20 replies</h2>${replies}</div></div></body></html>`;
    const page = extractHtml(html, { url: 'https://blog.example/2024/03/kitchen' });
    for (const index of [1, 2, 3, 4]) expect(page.text).toContain(paragraph('kitchen', index));
    expect(page.text).not.toContain('reader 7 here');
  });

  it('reads a news story, not the "latest news" teaser list on its page', () => {
    const story = [1, 2, 3, 4].map((index) => `<p>${paragraph('harbour', index)}</p>`).join('');
    const html = `<html><head>${articleHead('Harbour works begin')}</head><body><div class="layout"><div class="primary"><h1>Harbour works begin</h1><div class="text">${story}</div></div><div class="stream"><h2>Latest</h2>${teasers(15, 'latest')}</div></div></body></html>`;
    const page = extractHtml(html, { url: 'https://courier.example/news/harbour' });
    for (const index of [1, 2, 3, 4]) expect(page.text).toContain(paragraph('harbour', index));
    expect(page.text).not.toContain('latest headline');
  });

  it('leaves out the related-story cards and the rail beside a story', () => {
    const story = [1, 2, 3, 4, 5, 6].map((index) => `<p>${paragraph('bridge', index)}</p>`).join('');
    const rail = Array.from(
      { length: 5 },
      (_, index) =>
        `<div class="blurb"><a href="/rail/${index}">Rail item ${index}</a><p>Another story, ${index}, told in a sentence, with commas, for the rail.</p></div>`,
    ).join('');
    const html = `<html><head>${articleHead('New bridge opens')}</head><body><div class="page"><div class="story"><h1>New bridge opens</h1>${story}<div class="more-coverage"><h2>Around the region</h2>${teasers(6, 'region')}</div></div><div class="rail">${rail}</div></div></body></html>`;
    const page = extractHtml(html, { url: 'https://courier.example/news/bridge' });
    for (const index of [1, 2, 3, 4, 5, 6]) expect(page.text).toContain(paragraph('bridge', index));
    expect(page.text).not.toContain('region headline');
    expect(page.text).not.toContain('Rail item');
  });
});

/** A story page's head with a description (the second opinion's evidence). */
function storyHead(title: string, type = 'NewsArticle', description = ''): string {
  return `<title>${title} | Daily Courier</title><meta property="og:type" content="article"><meta name="description" content="${description}"><script type="application/ld+json">{"@context":"https://schema.org","@type":"${type}","headline":"${title}","datePublished":"2024-03-05T08:00:00Z"}</script>`;
}

describe('choosing the article when furniture shares its wrapper (no class or landmark hints)', () => {
  it('reads a two-paragraph story, not the bigger link menu beside it in one plain wrapper', () => {
    const story = [1, 2].map((i) => `<p>${paragraph('paywall', i)}</p>`).join('');
    const menu = ['News', 'Politics', 'Business', 'Sport', 'Culture', 'Travel', 'Science', 'Opinion']
      .map(
        (s) =>
          `<div class="c"><b>${s}</b><div>${Array.from({ length: 12 }, (_, i) => `<a href="/${s}/${i}">${s} story number ${i} from our desk today</a> `).join('')}</div></div>`,
      )
      .join('');
    const html = `<html><head>${storyHead('Council delays the vote', 'NewsArticle', 'The council will review the plan and the budget before spring')}</head><body><div class="w"><div class="x">${menu}</div><div class="y"><h1>Council delays the vote</h1>${story}<p>Subscribe to keep reading.</p></div></div></body></html>`;
    const page = extractHtml(html, { url: 'https://courier.example/news/vote' });
    for (const i of [1, 2]) expect(page.text).toContain(paragraph('paywall', i));
    expect(page.text).not.toContain('story number');
  });

  it('reads a news story, not the longer teaser list after it in the same wrapper', () => {
    const story = [1, 2, 3].map((i) => `<p>${paragraph('harbour', i)}</p>`).join('');
    const teasers = Array.from(
      { length: 20 },
      (_, i) =>
        `<div class="t"><a href="/n/${i}"><h3>Headline ${i} about another matter</h3></a><p>A short summary of story ${i}, with a clause, a comma, and a full stop.</p></div>`,
    ).join('');
    const html = `<html><head>${storyHead('Harbour works begin')}</head><body><div class="w"><h1>Harbour works begin</h1>${story}<div class="s">${teasers}</div></div></body></html>`;
    const page = extractHtml(html, { url: 'https://courier.example/news/harbour' });
    for (const i of [1, 2, 3]) expect(page.text).toContain(paragraph('harbour', i));
    expect(page.text).not.toContain('short summary of story');
  });

  it('reads a blog post, not the much longer unmarked comment thread after it', () => {
    const post = [1, 2, 3].map((i) => `<p>${paragraph('garden', i)}</p>`).join('');
    const replies = Array.from(
      { length: 40 },
      (_, i) =>
        `<div class="e"><a href="https://r${i}.example/">Reader ${i}</a> <span>March ${i + 1}, 2024</span><p>I tried this in my own garden, reader ${i} here, and it worked well enough, thanks for the long and careful write-up, truly, with more words.</p></div>`,
    ).join('');
    const html = `<html><head>${storyHead('Spring in the garden', 'BlogPosting', 'How the council plans the garden budget before spring')}</head><body><div class="w"><div class="p"><h1>Spring in the garden</h1>${post}</div><div class="t"><h2>40 replies</h2>${replies}</div></div></body></html>`;
    const page = extractHtml(html, { url: 'https://blog.example/2024/03/spring' });
    for (const i of [1, 2, 3]) expect(page.text).toContain(paragraph('garden', i));
    expect(page.text).not.toContain('reader 7 here');
  });

  it('reads a story, not the related-articles column of prose teasers beside it', () => {
    const story = [1, 2, 3, 4].map((i) => `<p>${paragraph('bridge', i)}</p>`).join('');
    const side = Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="r"><a href="/r/${i}">Related story ${i} on the region</a><p>Another story, ${i}, told in a longer sentence, with commas, clauses, and enough words to read like prose.</p></div>`,
    ).join('');
    const html = `<html><head>${storyHead('New bridge opens')}</head><body><div class="w"><div class="m"><h1>New bridge opens</h1>${story}</div><div class="sb"><h3>Related</h3>${side}</div></div></body></html>`;
    const page = extractHtml(html, { url: 'https://courier.example/news/bridge' });
    for (const i of [1, 2, 3, 4]) expect(page.text).toContain(paragraph('bridge', i));
    expect(page.text).not.toContain('Related story');
  });
});
