import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails, MAIN_RUN_LIMITS } from './index.js';

const url = 'https://example.com/harbour';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

const story = [1, 2, 3, 4].map((index) => `<p>${sentence(`harbour ${index}`)}</p>`).join('');

/** The same page read with the story's edges ignored: what the mechanism alone removes. */
const withoutEdges = (html: string) =>
  extractHtmlWithDetails(html, { url, mainRun: { ...MAIN_RUN_LIMITS, edges: false }, tail: false }).page.text;

describe('the story’s edges', () => {
  it('drops a line after the story outside the element that holds it, and keeps its closing line', () => {
    const html = `<html><body><div id="page"><div class="story"><div class="text">${story}</div><p>Written in the harbour office.</p></div><div class="extra"><div><p>Ferry timetables for the winter</p></div></div></div></body></html>`;
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(sentence('harbour 4'));
    expect(text).toContain('Written in the harbour office.');
    expect(text).not.toContain('Ferry timetables');
    expect(withoutEdges(html)).toContain('Ferry timetables');
  });

  it('keeps a listing’s items outside its introduction’s element when they outweigh it', () => {
    const items = Array.from(
      { length: 12 },
      (_, index) => `<li>Berth ${index} opens for the ferries of the winter timetable</li>`,
    ).join('');
    const html = `<html><body><main><h1>Berths</h1><div><div class="intro">${story}</div></div><div><ul>${items}</ul></div></main></body></html>`;
    const text = extractHtml(html, { url }).text;
    expect(text).toContain('Berth 0 opens');
    expect(text).toContain('Berth 11 opens');
  });

  it('drops the lines above a story’s headline, and keeps the headline', () => {
    const body = `<body><article><div class="kicker">Ports and shipping</div><div class="date">3 March 2024, 08:30</div><h1>Harbour plans go ahead</h1>${story}</article></body>`;
    const html = `<html><head><meta property="og:type" content="article"></head>${body}</html>`;
    const text = extractHtml(html, { url }).text;
    expect(text).toContain('Harbour plans go ahead');
    expect(text).toContain(sentence('harbour 1'));
    expect(text).not.toContain('Ports and shipping');
    expect(withoutEdges(html)).toContain('Ports and shipping');
    // A page that does not call itself an article has no headline to start at (a landing page's
    // `<h1>` is its hero's slogan): the same lines stay.
    expect(extractHtml(`<html><head></head>${body}</html>`, { url }).text).toContain('Ports and shipping');
  });
});
