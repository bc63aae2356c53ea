import { describe, expect, it } from 'vitest';
import { bylineOf, withoutBylineLine } from './byline.js';
import { extractHtml } from './extract.js';
import { renderText } from './markdown.js';
import { contentRootOf, parseDocument } from './parse.js';

const prose = Array.from(
  { length: 5 },
  (_, index) =>
    `<p>The harbour board met on Tuesday to weigh the plan (part ${index}), which would widen the quay, dredge the channel and add two berths for ferries by the end of the decade.</p>`,
).join('');

const story = (head: string, top: string) =>
  `<html><head><title>Harbour plan approved</title>${head}</head><body><article><h1>Harbour plan approved</h1>${top}${prose}</article></body></html>`;

describe('bylineOf', () => {
  it('reads "By" and names, perhaps with a date after them', () => {
    expect(bylineOf('By Jane Roe, 3 March 2024', undefined)).toBe('Jane Roe');
    expect(bylineOf('By Jane Roe and John Doe | March 3, 2024', undefined)).toBe('Jane Roe and John Doe');
    expect(bylineOf('Von Max Mustermann, 15. Mai 2019, 05:28 Uhr', undefined)).toBe('Max Mustermann');
    expect(bylineOf('BY JANE ROE', undefined)).toBe('JANE ROE');
    expect(bylineOf('By Nathan Willis March 25, 2015', undefined)).toBe('Nathan Willis');
  });

  it('reads a line of the authors the metadata names, with nothing but a date beside them', () => {
    expect(bylineOf('Jane Roe | 3 March 2024', 'Jane Roe')).toBe('Jane Roe');
    expect(bylineOf('jane roe and John Doe', 'Jane Roe, John Doe')).toBe('Jane Roe, John Doe');
  });

  it('leaves sentences alone, "by" or the author in them or not', () => {
    expect(
      bylineOf('By the end of the decade the harbour will have two new berths.', undefined),
    ).toBeUndefined();
    expect(bylineOf('By Tuesday, the board had agreed to the plan', undefined)).toBeUndefined();
    expect(bylineOf('Jane Roe is the paper’s harbour correspondent', 'Jane Roe')).toBeUndefined();
    expect(bylineOf('3 March 2024', 'Jane Roe')).toBeUndefined();
  });

  it('gives up on a long line of capitalised words and joiners without backtracking for ever', () => {
    const hostile = `By ${'Aa a '.repeat(29)}!`;
    expect(hostile.length).toBeLessThanOrEqual(150);
    expect(bylineOf(hostile, undefined)).toBeUndefined();
  });
});

describe('withoutBylineLine', () => {
  it('takes the byline line out of the content whole, and only a line before the prose', () => {
    const root = contentRootOf(
      parseDocument(story('', '<p>By <a href="/jane">Jane Roe</a>, 3 March 2024</p>')),
    );
    const { content, author } = withoutBylineLine([root], undefined);
    expect(author).toBe('Jane Roe');
    expect(content[0]!.textContent).not.toContain('Jane Roe');
    const late = contentRootOf(parseDocument(story('', `${prose}<p>By Jane Roe, 3 March 2024</p>`)));
    expect(withoutBylineLine([late], undefined).author).toBeUndefined();
  });

  it('leaves an item’s credit alone: in a table, or in a block that repeats for every item', () => {
    const clues = 'Suzanne Collins';
    const teaser = (name: string) =>
      `<div class="card"><h3>A book</h3><p class="card__author">by ${name}</p></div>`;
    const linked = (name: string) =>
      `<div><h3>A book</h3><ul><li><a class="card-author" href="/a">${name}</a></li></ul></div>`;
    for (const top of [
      `${linked('Suzanne Collins')}${linked('Jane Roe')}${linked('John Doe')}`,
      '<table><tr><td>The Hunger Games</td><td><div>by Suzanne Collins</div></td></tr></table>',
      `${teaser('Suzanne Collins')}${teaser('Jane Roe')}${teaser('John Doe')}`,
    ]) {
      const root = contentRootOf(
        parseDocument(`<html><body><h2>Best books ever</h2>${top}${prose}</body></html>`),
      );
      expect(withoutBylineLine([root], clues).author, top).toBeUndefined();
      expect(root.textContent).toContain('Suzanne Collins');
    }
  });

  it('leaves no block of the content holding the byline, whether a block or an inline element held it', () => {
    const document = parseDocument(
      '<html><body><p id="block">By Jane Roe</p><span id="inline">By John Doe</span><article>' +
        prose +
        '</article></body></html>',
    );
    const body = document.querySelector('article')!;
    for (const id of ['block', 'inline']) {
      const byline = document.querySelector(`#${id}`)!;
      const { content } = withoutBylineLine([byline, body], undefined);
      expect(renderText(content)).toMatch(/^The harbour board met/);
    }
  });
});

describe('a story with its byline as the first line of the body', () => {
  it('reads without the byline in its text and with the author as its byline', () => {
    for (const html of [
      story('', '<p>By Jane Roe, 3 March 2024</p>'),
      story('<meta name="author" content="Jane Roe">', '<div>Jane Roe · 3 March 2024</div>'),
      story('', '<h2>Why the quay is widened</h2><p>By <b>Jane Roe</b><br>3 March 2024</p>'),
    ]) {
      const page = extractHtml(html, { url: 'https://news.example/harbour' });
      expect(page.byline).toBe('Jane Roe');
      expect(page.text).not.toContain('Jane Roe');
      expect(page.text).not.toContain('3 March 2024');
      expect(page.text).toMatch(
        /^Harbour plan approved\n\n(Why the quay is widened\n\n)?The harbour board met/,
      );
    }
  });

  it('keeps a first line that only starts with "By"', () => {
    const page = extractHtml(
      story('', '<p>By the end of the decade the harbour will have two new berths.</p>'),
      {
        url: 'https://news.example/harbour',
      },
    );
    expect(page.text).toContain('By the end of the decade');
    expect(page.byline).toBeUndefined();
  });
});
