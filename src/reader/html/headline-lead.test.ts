import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtml, extractHtmlWithDetails, HEADLINE_LEAD_LIMITS } from './index.js';

const url = 'https://example.com/news/harbour';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, index) => `<p>${sentence(`harbour plan ${index + 1}`)}</p>`).join('');

const lede = 'After a year of talks the council backs the new quay, and work on it starts in the spring.';

const nav = `<nav>${Array.from({ length: 8 }, (_, index) => `<a href="/s/${index}">Section ${index}</a>`).join(' ')}</nav>`;
const rail = `<div class="rail"><h2>Most read</h2><ul>${Array.from(
  { length: 6 },
  (_, index) =>
    `<li><a href="/n/${index}">Another story about the town number ${index} and its people</a></li>`,
).join('')}</ul></div>`;

/**
 * A page whose hero holds the headline and `between`, and whose column (beside a rail of links)
 * holds the story: the two sit apart, as on a news site, so the body is chosen alone.
 */
const page = (between: string, body = paragraphs(8)) =>
  `<html><body>${nav}<div class="page"><div class="hero"><div class="wrap"><div class="story-head">` +
  `<h1>Harbour plans</h1>${between}</div></div></div><div class="columns"><div class="col">` +
  `<div class="story-body">${body}</div></div>${rail}</div></div><footer>Contact the newsroom</footer></body></html>`;

/** The same page read without the mechanism: what it alone changes. */
const withoutLead = (html: string) => extractHtmlWithDetails(html, { url, headlineLead: false }).page.text;

describe('headline lead', () => {
  it('takes the standfirst set between the headline and the body, before the body', () => {
    const html = page(`<p class="teaser">${lede}</p>`);
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(lede);
    expect(text.indexOf(lede)).toBeLessThan(text.indexOf(sentence('harbour plan 1')));
    expect(withoutLead(html)).not.toContain(lede);
  });

  it('leaves the byline, the date and a caption, which do not read as sentences', () => {
    const html = page(
      `<div class="meta"><span>By Jane Roe and the harbour desk of the Example Gazette</span>` +
        `<time>3 March 2024, updated 4 March 2024 at 10:45</time></div>` +
        `<div class="photo"><img src="quay.jpg"><div class="legend">The new quay seen from the old lighthouse | Example Gazette</div></div>` +
        `<p>${lede}</p>`,
    );
    expect(withoutLead(html)).not.toContain(lede);
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(lede);
    expect(text).not.toContain('By Jane Roe');
    expect(text).not.toContain('seen from the old lighthouse');
  });

  it('leaves a row of links and an excerpt that repeats the story’s opening', () => {
    const links = Array.from(
      { length: 6 },
      (_, index) => `<a href="/tag/${index}">harbour topic ${index}</a>`,
    );
    const excerpt = `<p>${sentence('harbour plan 1').slice(0, 80)} […].</p>`;
    const html = page(`<div class="tags">${links.join(' ')}.</div>${excerpt}`);
    const text = extractHtml(html, { url }).text;
    expect(text).not.toContain('harbour topic 3');
    expect(text.split(sentence('harbour plan 1').slice(0, 60)).length).toBe(2);
  });

  it('takes the subtitle set as a heading under the headline, though it ends no sentence', () => {
    const subtitle = 'The renewable molecule: what hydrogen made from wind and sun could do for the harbour';
    const html = page(`<h2 class="subheadline">${subtitle}</h2>`);
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(subtitle);
    expect(text.indexOf(subtitle)).toBeLessThan(text.indexOf(sentence('harbour plan 1')));
    const withoutSubtitles = extractHtmlWithDetails(html, {
      url,
      headlineLead: { ...HEADLINE_LEAD_LIMITS, subtitles: false },
    }).page.text;
    expect(withoutSubtitles).not.toContain(subtitle);
  });

  it('takes nothing when the stretch between headline and body is long: it is no lead', () => {
    const long = Array.from({ length: 20 }, (_, index) => `<p>${sentence(`other matter ${index}`)}</p>`);
    const html = page(`<div class="rail">${long.join('')}</div>`, paragraphs(40));
    expect(extractHtml(html, { url }).text).toBe(withoutLead(html));
  });

  it('stays linear on a header of thousands of nested and repeated blocks', () => {
    const nested = `${'<div>'.repeat(2000)}x${'</div>'.repeat(2000)}`;
    const repeated = '<span>a</span>'.repeat(5000);
    const html = page(`${nested}${repeated}<p>${lede}</p>`);
    const started = cpuClock();
    extractHtml(html, { url });
    const elapsed = started.ms();
    const baselineStarted = cpuClock();
    withoutLead(html);
    const baseline = baselineStarted.ms();
    // Relative to the same page without the mechanism, so a slow machine slows both.
    expect(elapsed).toBeLessThan(baseline * 3 + 50);
  });
});
