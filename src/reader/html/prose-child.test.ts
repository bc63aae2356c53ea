import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtmlWithDetails } from './index.js';
import { parseDocument } from './parse.js';
import { proseChildOf } from './prose-child.js';
import { measure } from './stats.js';

const bodyOf = (html: string) => parseDocument(`<html><body>${html}</body></html>`).querySelector('body')!;

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

const story = [1, 2, 3, 4, 5].map((index) => `<p>${sentence(`harbour ${index}`)}</p>`).join('');

/** Links with a few words after each, so that no run is all link. */
const linkList = (count: number) =>
  `<ul>${Array.from({ length: count }, (_, index) => `<li><a href="/${index}">Further reading on topic ${index}</a> (3)</li>`).join('')}</ul>`;

const narrowed = (html: string) => {
  const body = bodyOf(html);
  return proseChildOf(body, measure(body));
};

describe('the child holding the prose', () => {
  it('narrows a wrapper to its prose column when what it leaves out is links', () => {
    const html = `<div class="page"><div class="column">${story}</div><div class="aside">${linkList(6)}</div></div>`;
    expect(narrowed(html).getAttribute('class')).toBe('column');
  });

  it('keeps a headline or a table of the story beside its prose', () => {
    const html = `<div class="page"><h1>Harbour plans for the coming years are set out</h1><div class="column">${story}</div></div>`;
    expect(narrowed(html).getAttribute('class')).toBe('page');
  });

  it('keeps a listing whose links outweigh its introduction', () => {
    const html = `<div class="page"><div class="intro">${story}</div>${linkList(60)}</div>`;
    expect(narrowed(html).getAttribute('class')).toBe('page');
  });

  it('stops at an item among look-alike items', () => {
    const html = `<div class="thread"><div class="post">${story}</div><div class="post"><a href="/x">Reply to this post and say more</a></div></div>`;
    expect(narrowed(html).getAttribute('class')).toBe('thread');
  });

  it('reads a page through the reader with the story whole and without the side column', () => {
    const html = `<html><body><div class="page"><div class="column"><h1>Harbour plans</h1>${story}</div><div class="aside">${linkList(6)}</div></div></body></html>`;
    const text = extractHtmlWithDetails(html, { url: 'https://example.com/harbour' }).page.text;
    expect(text).toContain('Harbour plans');
    expect(text).toContain(sentence('harbour 1'));
    expect(text).toContain(sentence('harbour 5'));
    expect(text).not.toContain('Further reading on topic 3');
  });

  it('stays linear on deep nesting and many siblings', () => {
    const deep = `${'<div>'.repeat(5_000)}${story}${'</div>'.repeat(5_000)}`;
    const wide = Array.from(
      { length: 20_000 },
      (_, index) => `<div class="c${index}"><p>${sentence(`item ${index}`)}</p></div>`,
    ).join('');
    const started = cpuClock();
    narrowed(deep);
    narrowed(wide);
    expect(started.ms()).toBeLessThan(5_000);
  });
});
