import { describe, expect, it } from 'vitest';
import { extractHtml } from './index.js';
import { titleWithoutSite } from './shown-title.js';

const url = 'https://news.example.com/story';
const story =
  '<p>The dredgers arrived on Monday and will work through the winter, the port authority said, ' +
  'after two years of delays over the cost of moving the silt out to sea.</p>';

/** The title `extractHtml` gives a page with `head` in its head and `h1` above its story. */
function title(head: string, h1: string): string {
  return extractHtml(`<html><head>${head}</head><body><article>${h1}${story}</article></body></html>`, {
    url,
  }).title;
}

describe('the title a page shows', () => {
  it('is the headline when it restates the stated title in other words', () => {
    expect(
      title(
        `<meta property="og:title" content="Seven secrets that hotel owners don't want you to know">`,
        `<h1>The seven secrets that hotel owners don't want you to know</h1>`,
      ),
    ).toBe("The seven secrets that hotel owners don't want you to know");
    expect(title('<title>Mozilla - Wikipedia</title>', '<h1>Mozilla</h1>')).toBe('Mozilla');
  });

  it("is the stated title when the headline is another's (a section's name, a logo) or too long for one", () => {
    expect(
      title(
        '<meta property="og:title" content="Minecraft 1.8 - The Bountiful Update">',
        '<h1>Minecraft News</h1>',
      ),
    ).toBe('Minecraft 1.8 - The Bountiful Update');
    const long = `Harbour dredging starts ${'and goes on through the winter months '.repeat(6)}`;
    expect(title('<meta property="og:title" content="Harbour dredging starts">', `<h1>${long}</h1>`)).toBe(
      'Harbour dredging starts',
    );
  });

  it('leaves out a last part naming the site the page is on, never a first one or a title left too short', () => {
    const page = (statedTitle: string, address: string) =>
      extractHtml(`<html><head><title>${statedTitle}</title></head><body>${story}</body></html>`, {
        url: address,
      }).title;
    expect(page('Best free certificate courses | Alison', 'https://alison.com/courses')).toBe(
      'Best free certificate courses',
    );
    expect(
      titleWithoutSite('What do people love about Rust? | Rust Blog', 'https://blog.rust-lang.org/x'),
    ).toBe('What do people love about Rust?');
    expect(
      titleWithoutSite('Scalable Interpretability — LessWrong', 'https://www.lesswrong.com/posts/1'),
    ).toBe('Scalable Interpretability');
    // A last part the host does not name is the title's own; a home page's brand first stays.
    expect(titleWithoutSite('Harbour dredging - Week two', 'https://news.example.com/a')).toBe(
      'Harbour dredging - Week two',
    );
    expect(titleWithoutSite('Talkspace - Online Therapy', 'https://www.talkspace.com/')).toBe(
      'Talkspace - Online Therapy',
    );
    expect(titleWithoutSite('Home | Alison', 'https://alison.com/')).toBe('Home | Alison');
    expect(titleWithoutSite('Courses | Alison', 'not an address')).toBe('Courses | Alison');
  });
});
