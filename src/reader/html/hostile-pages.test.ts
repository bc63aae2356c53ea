import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtml } from './index.js';

const sentence = (index: number) => `Level ${index} of the harbour plan was discussed at length by everyone.`;

/** The page's markdown and text, and the CPU ms it took (waiting for a busy machine's core is not the reader's). */
function read(body: string): { markdown: string; text: string; ms: number } {
  const started = cpuClock();
  const page = extractHtml(
    `<html><head><title>Harbour</title><meta property="og:type" content="article"></head><body>${body}</body></html>`,
    { url: 'https://example.com/harbour' },
  );
  return { markdown: page.markdown, text: page.text, ms: started.ms() };
}

/** The most `>` markers that open one line of the markdown. */
const deepestQuote = (markdown: string) =>
  Math.max(...markdown.split('\n').map((line) => /^(?:> ?)*/.exec(line)![0].replace(/ /g, '').length));

describe('hostile pages', () => {
  it('marks quotes 20 deep at most and keeps the words of every level', () => {
    const levels = 30;
    const body = `<article><h1>Harbour</h1>${Array.from({ length: levels }, (_, index) => `<blockquote><p>${sentence(index)}</p>`).join('')}${'</blockquote>'.repeat(levels)}</article>`;
    const { markdown, text } = read(body);
    for (let index = 0; index < levels; index++) {
      expect(markdown).toContain(sentence(index));
      expect(text).toContain(sentence(index));
    }
    expect(markdown).toContain(`${'> '.repeat(20)}${sentence(19)}`);
    expect(deepestQuote(markdown)).toBe(20);
  });

  it('indents lists 20 deep at most and keeps every item', () => {
    const levels = 30;
    const body = `<article><h1>Harbour</h1>${Array.from({ length: levels }, (_, index) => `<ul><li>${sentence(index)}`).join('')}${'</li></ul>'.repeat(levels)}</article>`;
    const { markdown } = read(body);
    for (let index = 0; index < levels; index++) expect(markdown).toContain(sentence(index));
    const indents = markdown.split('\n').map((line) => /^ */.exec(line)![0].length);
    // Each level indents what its items hold by the two characters of its marker; below the 20th
    // level the lists are plain blocks held by that level's item.
    expect(Math.max(...indents)).toBe(2 * 20);
  });

  it('marks emphasis 20 deep at most, on a page of unclosed <b>s', () => {
    const levels = 30;
    const body = `<article><h1>Harbour</h1><p>${Array.from({ length: levels }, (_, index) => `<b>${sentence(index)} `).join('')}</p></article>`;
    const { markdown, text } = read(body);
    for (let index = 0; index < levels; index++) expect(text).toContain(sentence(index));
    const line = markdown.split('\n').find((candidate) => candidate.includes(sentence(0)))!;
    // The first 20 levels open with their marker and close at the end; the rest are plain text.
    expect(line.split(`**Level `).length - 1).toBe(20);
    expect(line).toContain(`${sentence(19)} ${sentence(20)}`);
    expect(line.endsWith(`${sentence(29)}${'**'.repeat(20)}`)).toBe(true);
  });

  // Generous limits: each page takes one or two seconds of CPU on a loaded machine; before, the first
  // three took from ten seconds to more than a minute (each level of a deep chain walked or re-marked
  // everything below it).
  const size = 512 * 1024;
  const repeated = (unit: (index: number) => string) => {
    const parts: string[] = [];
    for (let index = 0, length = 0; length < size; index++) {
      parts.push(unit(index));
      length += parts[index]!.length;
    }
    return parts.join('');
  };
  const shapes: [string, string, RegExp][] = [
    [
      'spans 5,000 deep',
      repeated((index) => `${'<span>w '.repeat(5000)}<p>${sentence(index)}</p>${'</span>'.repeat(5000)}`),
      /Level 0 of the harbour plan/,
    ],
    [
      'quotes 500 deep',
      repeated(
        (index) => `${'<blockquote>w '.repeat(500)}<p>${sentence(index)}</p>${'</blockquote>'.repeat(500)}`,
      ),
      /Level 0 of the harbour plan/,
    ],
    [
      'lists of links 3,000 deep',
      repeated(
        (index) =>
          `${Array.from({ length: 3000 }, (_, level) => `<ul><li><a href="/s/${index}/${level}">Section ${level}</a> `).join('')}${'</li></ul>'.repeat(3000)}`,
      ),
      /Section 2999/,
    ],
    [
      'items under 100 empty divs',
      repeated((index) => `${'<div>'.repeat(100)}<p>${sentence(index)}</p>${'</div>'.repeat(100)}`),
      /Level 300 of the harbour plan/,
    ],
  ];
  for (const [name, body, expected] of shapes) {
    it(`reads half a megabyte of ${name} in seconds and keeps its words`, () => {
      const { text, ms } = read(body);
      expect(text).toMatch(expected);
      expect(ms).toBeLessThan(10_000);
    });
  }
});
