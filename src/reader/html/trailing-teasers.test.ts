import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails } from './index.js';
import { BLOCK_TEASER_RUNS } from './trailing-repeats.js';

const url = 'https://example.com/harbour';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

const story = [1, 2, 3, 4, 5, 6].map((index) => `<p>${sentence(`harbour ${index}`)}</p>`).join('');

const article = (body: string) =>
  `<html><head><meta property="og:type" content="article"></head><body><main>${body}</main><div class="footer">Copyright</div></body></html>`;

/** The same page read with only blocks holding blocks counted as teasers, as before. */
const blockTeasersOnly = (html: string) =>
  extractHtmlWithDetails(html, { url, trailingRepeats: BLOCK_TEASER_RUNS }).page.text;

const teaser = (index: number, summary: string) =>
  `<li><a href="/story-${index}">Further story number ${index}</a><br><small>${summary}</small></li>`;

describe('teasers after a story, each a link and a summary', () => {
  it('drops a list of linked titles each with a summary of its own', () => {
    const items = [1, 2, 3, 4]
      .map((index) =>
        teaser(
          index,
          `Summary ${index}: the ferry timetable changed again this spring, and the islanders wrote to the council about it.`,
        ),
      )
      .join('');
    const html = article(`<article>${story}<ul class="items">${items}</ul></article>`);
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(sentence('harbour 6'));
    expect(text).not.toContain('islanders wrote to the council');
    expect(blockTeasersOnly(html)).toContain('islanders wrote to the council');
  });

  it('keeps a list of links with a few words each: the story’s own further reading', () => {
    const items = [1, 2, 3, 4].map((index) => teaser(index, `Harbour master, port ${index}`)).join('');
    const html = article(`<article>${story}<ul class="items">${items}</ul></article>`);
    expect(extractHtml(html, { url }).text).toContain('Harbour master, port 4');
  });

  it('keeps a story’s own bullet points that hold no link', () => {
    const items = [1, 2, 3, 4]
      .map(
        (index) =>
          `<li>Point ${index}: the quay needs new bollards, and the ferry ramp must be rebuilt before the winter storms.</li>`,
      )
      .join('');
    const html = article(`<article>${story}<ul class="points">${items}</ul></article>`);
    expect(extractHtml(html, { url }).text).toContain('Point 4: the quay');
  });
});
