import { describe, expect, it } from 'vitest';
import { linesAfter } from './after-headline.js';
import { extractHtml } from './index.js';
import { parseDocument } from './parse.js';

const url = 'https://blog.example.com/harbour';
const story =
  '<p>The dredgers arrived on Monday and will work through the winter, the port authority said, ' +
  'after two years of delays over the cost of moving the silt out to sea.</p>';

/** The byline `extractHtml` gives a page whose body is `body`, with `head` in its head. */
function byline(body: string, head = ''): string | undefined {
  return extractHtml(`<html><head>${head}</head><body>${body}</body></html>`, { url }).byline;
}

describe('the byline a page shows beside its headline', () => {
  it('is a line of "By" and names after the headline, a date after them or not', () => {
    expect(
      byline(`<h1>Harbour dredging starts</h1><div>By Dr. Vahid Osman - Mar 27, 2024</div>${story}`),
    ).toBe('Dr. Vahid Osman');
    // Inline elements run on within one line.
    expect(
      byline(
        `<h1>Harbour dredging starts</h1><div>By <a href="/a">Ann Lee</a> · <time>May 2, 2024</time></div>${story}`,
      ),
    ).toBe('Ann Lee');
  });

  it('is the name after "By" up to a separator, a date or a time when more than a date follows it', () => {
    const lineAfterHeadline = (line: string) =>
      byline(`<h1>Harbour dredging starts</h1><div>${line}</div>${story}`);
    expect(lineAfterHeadline('By Jayesh Shinde | Updated on 19-Dec-2025')).toBe('Jayesh Shinde');
    expect(lineAfterHeadline('by Amanda · Dec 20, 2025 at 3:00 am · One comment so far')).toBe('Amanda');
    expect(lineAfterHeadline('by: Ziyi Xu, Dec 17, 2025')).toBe('Ziyi Xu');
    expect(lineAfterHeadline('by jsteinhardt')).toBe('jsteinhardt');
    expect(lineAfterHeadline('By Workzone Team• 4 mins read')).toBe('Workzone Team');
    // A date may come first.
    expect(lineAfterHeadline('September 1st, 2023 By Emily Norwood')).toBe('Emily Norwood');
    expect(lineAfterHeadline('Feb 6, 2025 · By Ann Lee')).toBe('Ann Lee');
    // Lower-case words after "By" are a phrase, not a name; a label after "Sort by:" is none.
    expect(lineAfterHeadline('By the numbers')).toBeUndefined();
    expect(lineAfterHeadline('Sort by: View:')).toBeUndefined();
  });

  it('is the line after an opener standing alone', () => {
    expect(
      byline(`<h1>Catering trends</h1><div>Last updated</div><div>Aug 04, 2025</div>
        <div>Written by</div><div><a href="/edzel">Edzel Tabing</a></div>${story}`),
    ).toBe('Edzel Tabing');
    expect(byline(`<h1>Harbour dredging starts</h1><div>By</div><div>Summer Swann</div>${story}`)).toBe(
      'Summer Swann',
    );
  });

  it("is not a shop's sort control, a sentence opening with By, nor a line far below the headline", () => {
    expect(
      byline(`<h1>Women's sneakers</h1><label for="sort">Sort By</label>
        <select id="sort"><option>Relevance</option><option>Newest</option></select>${story}`),
    ).toBeUndefined();
    expect(
      byline(`<h1>Harbour dredging starts</h1><p>By Christmas the port will be ready.</p>${story}`),
    ).toBeUndefined();
    expect(byline(`<h1>Harbour dredging starts</h1>${story.repeat(5)}<div>By Ann Lee</div>`)).toBeUndefined();
  });

  it('gives way to the author the page names in its meta tags or marks', () => {
    const shown = `<h1>Harbour dredging starts</h1><div>By Summer Swann</div>${story}`;
    expect(byline(shown, '<meta name="author" content="Jane Roe">')).toBe('Jane Roe');
    expect(byline(`<span class="author">Jane Roe</span>${shown}`)).toBe('Jane Roe');
  });

  it('reads lines through inline elements and breaks them at blocks, skipping scripts', () => {
    const document = parseDocument(
      '<h1>Title</h1><div>By <b>Ann</b> Lee</div><script>var a = 1;</script><p>One<br>Two</p>',
    );
    const headline = document.querySelector('h1');
    expect(headline).not.toBeNull();
    expect([...linesAfter(headline as NonNullable<typeof headline>)]).toEqual(['By Ann Lee', 'One', 'Two']);
  });
});
