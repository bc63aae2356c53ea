import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtml, extractHtmlWithDetails } from './index.js';

const url = 'https://example.com/news/heat-pumps';
const title = 'Heat pump sales grow by a third';
const head = `<head><title>${title} | Example Gazette</title><meta property="og:title" content="${title}"></head>`;
const standfirst =
  'Heat pumps are booming, not least because heating with gas has become dear; many still keep their boilers.';
const sentence = (index: number) =>
  `Installers sold more heat pumps in quarter ${index} than in any quarter before, and the trade expects the run to last.`;
const body = Array.from({ length: 6 }, (_, index) => `<p>${sentence(index + 1)}</p>`).join('');
const banner =
  '<header class="site-header"><h1 class="logo">Example Gazette</h1><nav><a href="/">Home</a></nav></header>';

const read = (html: string, headlineHolders = true) =>
  extractHtmlWithDetails(html, { url, headlineHolders }).page.text;

describe('the headline and what holds it', () => {
  it('keeps the story’s own header, named like a page header, with the standfirst beside the headline', () => {
    const html =
      `<html>${head}<body>${banner}<main><article>` +
      `<header class="contentHeader has-sharing"><span class="meta">Energy</span><h1>${title}</h1>` +
      `<div class="contentHeader__abstract">${standfirst}</div></header>` +
      `<div class="article-body">${body}</div></article></main></body></html>`;
    const text = read(html);
    expect(text).toContain(standfirst);
    expect(text.indexOf(standfirst)).toBeLessThan(text.indexOf(sentence(1)));
    // Without the mechanism the header goes with its class, the standfirst with it.
    expect(read(html, false)).not.toContain(standfirst);
    // The site's banner, whose heading is the site's name, is still the page's frame.
    expect(text).not.toContain('Example Gazette');
  });

  it('reads a story a site sets in an <aside> around its headline', () => {
    // Other stories' teasers outweigh the story: an aside that small is a sidebar by its tag.
    const teasers = Array.from(
      { length: 8 },
      (_, index) =>
        `<div class="teaser"><a href="/n/${index}">Another story, number ${index}</a><p>A summary of that other story ${index}, which is about something else in town entirely.</p></div>`,
    );
    const html =
      `<html>${head}<body>${banner}<main><div class="more">${teasers.join('')}</div>` +
      `<aside class="story-panel"><section class="story"><h1>${title}</h1>` +
      `<div class="story-text"><p>${standfirst} ${sentence(1)} ${sentence(2)}</p></div></section></aside>` +
      `</main></body></html>`;
    expect(extractHtml(html, { url }).text).toContain(sentence(2));
    expect(read(html, false)).not.toContain(sentence(2));
  });

  it('keeps nothing for a heading that only shares a word or two with the title', () => {
    const html =
      `<html>${head}<body><aside class="rail"><h1>Heat map</h1><p>${'A rail of other things to read, none of them this story. '.repeat(3)}</p></aside>` +
      `<article><h2>${title}</h2>${body}</article></body></html>`;
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(sentence(6));
    expect(text).not.toContain('A rail of other things');
  });

  it('reads a page of hundreds of nested headings around a long text without reading the text again for each', () => {
    const html = `<html>${head}<body>${'<h1><div>'.repeat(400)}${'word '.repeat(40_000)}${'</div></h1>'.repeat(400)}<article>${body}</article></body></html>`;
    const started = cpuClock();
    read(html);
    const elapsed = started.ms();
    const baselineStarted = cpuClock();
    read(html, false);
    const baseline = baselineStarted.ms();
    // Relative to the same page without the mechanism, so a slow machine slows both.
    expect(elapsed).toBeLessThan(baseline * 3 + 200);
  });
});
