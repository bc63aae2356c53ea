import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails, MAIN_RUN_LIMITS } from './index.js';

const url = 'https://example.com/harbour';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

/** A story of four paragraphs with `inside` after its second one and `after` after its last. */
function story(options: { inside?: string; after?: string }): string {
  const paragraphs = [1, 2, 3, 4].map((index) => `<p>${sentence(`harbour ${index}`)}</p>`);
  paragraphs.splice(2, 0, options.inside ?? '');
  return `<html><body><article><h1>Harbour plans</h1>${paragraphs.join('')}${options.after ?? ''}</article></body></html>`;
}

describe('link runs outside the main run', () => {
  it('drops a linked line after the story’s last sentence, and keeps the story', () => {
    const html = story({
      after:
        '<p><a href="/trains">Trains return to the coast line</a></p><p><a href="/news">Back to the news list</a></p>',
    });
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(sentence('harbour 4'));
    expect(text).not.toContain('Trains return');
    expect(text).not.toContain('Back to the news list');
    // Without the mechanism the same page keeps both lines: they are the mechanism's to drop.
    const kept = extractHtmlWithDetails(html, { url, mainRun: false }).page.text;
    expect(kept).toContain('Trains return');
  });

  it('keeps a linked line between the story’s paragraphs, and a cited address after them', () => {
    const text = extractHtml(
      story({
        inside: '<p><a href="/report">The council’s harbour report</a></p>',
        after: '<p><a href="https://example.org/petition">https://example.org/petition</a></p>',
      }),
      { url },
    ).text;
    expect(text).toContain('The council’s harbour report');
    expect(text).toContain('https://example.org/petition');
  });

  it('keeps the items of a listing that follow its introduction', () => {
    const items = Array.from(
      { length: 12 },
      (_, index) =>
        `<p><a href="/berth-${index}">Berth ${index} opens for the ferries of the winter timetable</a></p>`,
    ).join('');
    // An introduction long enough to be read alone, were the items dropped.
    const introduction = [1, 2, 3, 4, 5].map((index) => `<p>${sentence(`berth plan ${index}`)}</p>`).join('');
    const text = extractHtml(
      `<html><body><main><h1>Berths</h1>${introduction}${items}</main></body></html>`,
      { url },
    ).text;
    expect(text).toContain('Berth 0 opens');
    expect(text).toContain('Berth 11 opens');
  });

  it('drops a menu line ahead of the story, and keeps it when told to look after the story only', () => {
    const html = story({}).replace('<h1>', '<p><a href="/ports">Ports and shipping</a></p><h1>');
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(sentence('harbour 1'));
    expect(text).not.toContain('Ports and shipping');
    const afterOnly = { ...MAIN_RUN_LIMITS, before: false, edges: false as const };
    expect(extractHtmlWithDetails(html, { url, mainRun: afterOnly }).page.text).toContain(
      'Ports and shipping',
    );
  });
});
