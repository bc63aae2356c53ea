import { describe, expect, it } from 'vitest';
import { headlineOf } from './after-headline.js';
import { extractHtml } from './index.js';
import { parseDocument } from './parse.js';
import { shownDateOf } from './shown-date.js';

const url = 'https://blog.example.com/harbour';
const story =
  '<p>The dredgers arrived on Monday and will work through the winter, the port authority said, ' +
  'after two years of delays over the cost of moving the silt out to sea.</p>';

/** The date `extractHtml` gives a page whose body is `body`, with `head` in its head and `lang` its language. */
function publishedAt(body: string, head = '', lang = ''): string | undefined {
  const html = `<html${lang ? ` lang="${lang}"` : ''}><head>${head}</head><body>${body}</body></html>`;
  return extractHtml(html, { url }).publishedAt;
}

describe('the date a page shows beside its headline', () => {
  it('is the first date written out with its year in a short line after the headline', () => {
    expect(
      publishedAt(`<h1>Harbour dredging starts</h1><p class="meta">By Ann Lee · May 2, 2024</p>${story}`),
    ).toBe('2024-05-02T00:00:00.000Z');
    expect(
      publishedAt(
        `<h1>Harbour dredging starts</h1><p>Published on Oct 21, 2025</p><p>Updated on Mar 9, 2026</p>${story}`,
      ),
    ).toBe('2025-10-21T00:00:00.000Z');
    expect(
      publishedAt(`<h1>Baggerarbeiten beginnen</h1><span>Veröffentlicht am 15. Mai 2019</span>${story}`),
    ).toBe('2019-05-15T00:00:00.000Z');
    expect(
      publishedAt(`<h1>Dragage</h1><div><span>par Jean</span> — <time>3 mars 2020</time></div>${story}`),
    ).toBe('2020-03-03T00:00:00.000Z');
  });

  it("reads a date written with slashes in the order of the page's language", () => {
    const page = `<h1>Dragagem começa</h1><p class="date">postado em 04/05/2022 05:49</p>${story}`;
    expect(publishedAt(page, '', 'pt-BR')).toBe('2022-05-04T00:00:00.000Z');
    expect(publishedAt(page, '', 'en-GB')).toBe('2022-05-04T00:00:00.000Z');
    expect(publishedAt(page, '', 'en-US')).toBe('2022-04-05T00:00:00.000Z');
    expect(publishedAt(page)).toBe('2022-04-05T00:00:00.000Z');
    // A stated date in a meta tag is read in the same order.
    const head = '<meta property="article:published_time" content="10/05/2022 05:22 pm">';
    expect(publishedAt(`<h1>Senador</h1>${story}`, head, 'es')).toBe('2022-05-10T17:22:00.000Z');
  });

  it('is the nearest date in a dateline just above the headline when none follows it', () => {
    expect(
      publishedAt(
        `<div class="kicker"><span>02.01.2022</span> | <span>Pressemitteilung</span></div><h1>Harbour dredging starts</h1>${story}`,
      ),
    ).toBe('2022-01-02T00:00:00.000Z');
    // One below the headline comes first.
    expect(publishedAt(`<p>02.01.2022</p><h1>Harbour dredging starts</h1><p>May 2, 2024</p>${story}`)).toBe(
      '2024-05-02T00:00:00.000Z',
    );
  });

  it('reads beside an <h2> or <h3> restating the title on a page without an <h1>', () => {
    const head = '<title>Harbour dredging starts | The Harbour Blog</title>';
    const blog = (heading: string) =>
      `<h2>The Harbour Blog</h2><h3 class="post-title">${heading}</h3><p>Posted May 2, 2024</p>${story}`;
    expect(publishedAt(blog('Harbour dredging starts'), head)).toBe('2024-05-02T00:00:00.000Z');
    // A heading that is not the story's title is no headline.
    expect(publishedAt(blog('Recent posts'), head)).toBeUndefined();
  });

  it('gives way to a date the page states in its meta tags or JSON-LD', () => {
    const head = '<meta property="article:published_time" content="2024-04-30T08:00:00Z">';
    expect(publishedAt(`<h1>Harbour dredging starts</h1><p>May 2, 2024</p>${story}`, head)).toBe(
      '2024-04-30T08:00:00.000Z',
    );
  });

  it("is not a date the story's prose tells of, nor one far below the headline or in a script", () => {
    const prose =
      '<p>The port first asked for the work on March 3, 2020, when the channel had silted up so far that ' +
      'the ferries could only come in at high tide.</p>';
    expect(publishedAt(`<h1>Harbour dredging starts</h1>${prose}${story}`)).toBeUndefined();
    const far = `<h1>Harbour dredging starts</h1>${story.repeat(5)}<p>May 2, 2024</p>`;
    expect(publishedAt(far)).toBeUndefined();
    expect(
      publishedAt(`<h1>Harbour dredging starts</h1><script>var d = "May 2, 2024";</script>${story}`),
    ).toBeUndefined();
    // Far above the headline, past its navigation, a site's header shows today's date, not the story's.
    const navigation = [
      'Home',
      'News',
      'Harbour and shipping',
      'Weather',
      'Sport results',
      'Letters to the editor',
      'About us',
    ]
      .map((item) => `<a href="/">${item}</a>`)
      .join(' ');
    expect(
      publishedAt(
        `<p>Saturday 20 December, 2025</p><nav>${navigation}</nav><h1>Harbour dredging starts</h1>${story}`,
      ),
    ).toBeUndefined();
  });

  it('is none when written for after tomorrow or before the web, or when it is no date', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const shown = (line: string) =>
      shownDateOf(
        headlineOf(parseDocument(`<h1>Harbour dredging starts</h1><p>${line}</p>${story}`), ''),
        now,
      );
    expect(shown('Jan 11, 2026')).toBe('2026-01-11T00:00:00.000Z');
    expect(shown('Mar 9, 2026')).toBeUndefined();
    expect(shown('July 4, 1776')).toBeUndefined();
    expect(shown('Level 31, 2024 edition')).toBeUndefined();
  });

  it('reads a hostile page of a hundred thousand short lines after its headline only as far as its window', () => {
    const lines = '<span>Maybe 31, 2024</span>'.repeat(100_000);
    const document = parseDocument(`<h1>Harbour dredging starts</h1>${lines}<p>May 2, 2024</p>`);
    expect(shownDateOf(headlineOf(document, ''))).toBeUndefined();
  });
});
