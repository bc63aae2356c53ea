import { describe, expect, it } from 'vitest';
import { contentRootOf, parseDocument } from './parse.js';
import { storyBefore } from './repeated-items.js';
import { scoreCandidates } from './score.js';
import { measure } from './stats.js';

const paragraph = (index: number) =>
  `<p>The harbour report, part ${index}, says the council will review the plan, the budget and the schedule before spring, according to officials.</p>`;
/** Teasers whose links wrap only a picture: their titles and summaries are plain text. */
const teasers = Array.from(
  { length: 12 },
  (_, index) =>
    `<li><a href="/news/${index}"></a><div>Headline ${index} about another matter</div><p>A short summary of story ${index}, with a clause and a full stop.</p></li>`,
).join('');

/** The story `storyBefore` finds before the page's teaser list, as the id of its element. */
function storyOf(body: string, belowHeadline: boolean): string | undefined {
  const root = contentRootOf(parseDocument(`<html><body>${body}</body></html>`));
  const stats = measure(root);
  const list = root.querySelector('#teasers')!;
  return (
    storyBefore(list, root, scoreCandidates(root, stats), stats, {
      shaped: false,
      belowHeadline,
    })?.getAttribute('id') ?? undefined
  );
}

describe('storyBefore', () => {
  const story = [1, 2, 3, 4].map(paragraph).join('');

  it('finds the story holding the headline before a teaser list', () => {
    const body = `<div id="story"><h1>Harbour works begin</h1>${story}</div><ul id="teasers">${teasers}</ul>`;
    expect(storyOf(body, false)).toBe('story');
  });

  it('finds the story below a header holding the headline, in an <article> the list stands past, only when asked to', () => {
    const body = `<header><h1>Harbour works begin</h1></header><article id="story">${story}</article><ul id="teasers">${teasers}</ul>`;
    expect(storyOf(body, true)).toBe('story');
    expect(storyOf(body, false)).toBeUndefined();
  });

  it("finds none below the headline when the story's <article> holds the list, or no <article> marks the story", () => {
    const header = '<header><h1>Ten harbour walks</h1></header>';
    const inArticle = `<article>${header}<div id="story">${story}</div><ul id="teasers">${teasers}</ul></article>`;
    expect(storyOf(inArticle, true)).toBeUndefined();
    // A listicle in plain blocks: headline, intro, items.
    const unmarked = `${header}<div id="story">${story}</div><ul id="teasers">${teasers}</ul>`;
    expect(storyOf(unmarked, true)).toBeUndefined();
  });

  it('finds none when the list holds the headline (the list is the page) or the prose comes first', () => {
    const listHeaded = `<div id="intro">${story}</div><ul id="teasers"><li><h1>Harbour news</h1></li>${teasers}</ul>`;
    expect(storyOf(listHeaded, true)).toBeUndefined();
    const headlineAfter = `<div id="intro">${story}</div><h1>Harbour works begin</h1><ul id="teasers">${teasers}</ul>`;
    expect(storyOf(headlineAfter, true)).toBeUndefined();
  });
});
