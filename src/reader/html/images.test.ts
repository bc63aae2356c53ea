import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_ALT_CHARS, MAX_PAGE_IMAGES } from '../constants.js';
import { extractHtml } from './index.js';

/** Control, zero-width and direction characters: what could hide or reorder text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const HIDING = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

const PAGE_URL = 'https://news.example/2024/harbour/story.html';

const paragraph = (index: number) =>
  `<p>The harbour board met for the ${index}th time this year and agreed that the new quay needs careful study before any money is spent on it.</p>`;

/** A story page whose article holds `images` among its paragraphs, with a menu and a footer around it. */
function storyPage(images: string, options: { head?: string; outside?: string } = {}): string {
  return `<html><head><title>Harbour plans</title>${options.head ?? ''}</head><body>
    <nav><a href="/">Home</a><img src="/menu-photo.jpg" alt="Menu photo of the editors" width="300" height="200"></nav>
    <article><h1>Harbour plans</h1>${paragraph(1)}${images}${paragraph(2)}${paragraph(3)}${paragraph(4)}</article>
    ${options.outside ?? ''}
    <footer>Copyright Example News <img src="/footer-badge.png" alt="Award badge of the year" width="200" height="200"></footer>
  </body></html>`;
}

const imagesOf = (html: string) => extractHtml(html, { url: PAGE_URL }).images ?? [];

describe('images of a page', () => {
  it('keeps the main content’s images with their alt text, resolved against the page, never the menu’s or footer’s', () => {
    const images = imagesOf(
      storyPage(
        '<figure><img src="quay.jpg" alt="The new quay at dawn" width="1200" height="800"></figure>' +
          '<img src="/photos/crane.png" alt="A crane lifting a container">' +
          '<img src="//cdn.example/board.webp" alt="The harbour board">',
      ),
    );
    expect(images).toEqual([
      {
        url: 'https://news.example/2024/harbour/quay.jpg',
        alt: 'The new quay at dawn',
        width: 1200,
        height: 800,
      },
      { url: 'https://news.example/photos/crane.png', alt: 'A crane lifting a container' },
      { url: 'https://cdn.example/board.webp', alt: 'The harbour board' },
    ]);
  });

  it('resolves against <base href>, as the page’s links are', () => {
    const images = imagesOf(
      storyPage('<img src="quay.jpg" alt="The new quay at dawn">', {
        head: '<base href="https://static.example/media/">',
      }),
    );
    expect(images.map((image) => image.url)).toEqual(['https://static.example/media/quay.jpg']);
  });

  it('takes the real address of a lazy-loaded image, not its placeholder, and the largest srcset candidate', () => {
    const images = imagesOf(
      storyPage(
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/real/quay.jpg" alt="The new quay at dawn">' +
          '<img srcset="/crane-480.jpg 480w, /crane-1200.jpg 1200w, /crane-800.jpg 800w" alt="A crane lifting a container">' +
          '<img data-srcset="/board-1x.jpg 1x, /board-2x.jpg 2x" alt="The harbour board">',
      ),
    );
    expect(images.map((image) => image.url)).toEqual([
      'https://news.example/real/quay.jpg',
      'https://news.example/crane-1200.jpg',
      'https://news.example/board-2x.jpg',
    ]);
  });

  it('leaves out data: URIs, other schemes, addresses with credentials and very long addresses', () => {
    const images = imagesOf(
      storyPage(
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="An inline chart of tonnage">' +
          '<img src="javascript:alert(1)" alt="A script pretending to be an image">' +
          '<img src="ftp://files.example/quay.jpg" alt="The quay over ftp">' +
          '<img src="https://user:secret@cdn.example/quay.jpg" alt="The quay behind a password">' +
          `<img src="/${'a'.repeat(1200)}.jpg" alt="A very long address">` +
          '<img src="/ok.jpg" alt="The one proper image">',
      ),
    );
    expect(images).toEqual([{ url: 'https://news.example/ok.jpg', alt: 'The one proper image' }]);
  });

  it('leaves out tracking pixels, spacers and icons', () => {
    const images = imagesOf(
      storyPage(
        '<img src="/stats/hit.gif" alt="Counter of visits" width="1" height="1">' +
          '<img src="/t/pixel.gif" alt="Analytics beacon for this story">' +
          '<img src="https://ad.doubleclick.net/activity;ord=1" alt="Advertising measurement">' +
          '<img src="/img/spacer.gif" alt="Spacing between columns">' +
          '<img src="/icons/share.svg" alt="Share this story" width="24" height="24">' +
          '<img src="/icons/rss.svg" alt="Subscribe by feed" style="width: 16px; height: 16px">' +
          '<img src="/users/50x50/jane.jpg" alt="Picture of Jane, who commented">' +
          '<img src="/photos/race-track.jpg" alt="The race track beside the harbour" width="640px">' +
          '<img src="/photos/quay-1200x800.jpg" alt="The quay, full width">',
      ),
    );
    expect(images).toEqual([
      {
        url: 'https://news.example/photos/race-track.jpg',
        alt: 'The race track beside the harbour',
        width: 640,
      },
      { url: 'https://news.example/photos/quay-1200x800.jpg', alt: 'The quay, full width' },
    ]);
  });

  it('leaves out decorative images and alt text that says nothing, using a figure’s caption when there is no alt', () => {
    const images = imagesOf(
      storyPage(
        '<img src="/a.jpg">' +
          '<img src="/b.jpg" alt="">' +
          '<img src="/c.jpg" alt="Decorative wave" role="presentation">' +
          '<img src="/d.jpg" alt="Hidden divider" aria-hidden="true">' +
          '<img src="/e.jpg" alt="image">' +
          '<img src="/f.jpg" alt="IMG_2041.JPG">' +
          '<img src="/g.jpg" alt="  12  ">' +
          '<img src="/i.png" alt="Hand pointing right transparent.png">' +
          '<img src="/j.gif" alt=":wow:">' +
          '<img src="/forum/images/smilies/grin.gif" alt="A grinning face">' +
          '<figure><img src="/h.jpg" alt=""><figcaption>The quay under construction in May</figcaption></figure>',
      ),
    );
    expect(images).toEqual([
      { url: 'https://news.example/h.jpg', alt: 'The quay under construction in May' },
    ]);
  });

  it('strips control, invisible and direction characters from hostile alt text and clips it', () => {
    const hostile =
      'The quay\u0000 at\u0007 dawn\u202e\u2066 (photo)\u200b\n\t\r\ufeff by\u0085 J. Doe\ud800';
    const long = `A ${'very '.repeat(100)}long description of the quay`;
    const images = imagesOf(storyPage(`<img src="/a.jpg" alt="${hostile}"><img src="/b.jpg" alt="${long}">`));
    expect(images[0]?.alt).toBe('The quay at dawn (photo) by J. Doe');
    const clipped = images[1]?.alt ?? '';
    expect(clipped.length).toBeLessThanOrEqual(MAX_IMAGE_ALT_CHARS);
    expect(clipped).toMatch(/^A very very .* very…$/);
    // Characters that could hide or reorder text are gone from every alt text.
    for (const image of images) expect(image.alt).not.toMatch(HIDING);
  });

  it('reads only the start of a very long alt text, and a figure’s caption once for all its images', () => {
    const huge = `The quay ${'x'.repeat(200_000)}`;
    const gallery = Array.from({ length: 40 }, (_, index) => `<img src="/g/${index}.jpg">`).join('');
    const images = imagesOf(
      storyPage(
        `<img src="/a.jpg" alt="${huge}" width="  640  ">` +
          `<figure>${gallery}<figcaption>The quay from the air ${'y'.repeat(50_000)}</figcaption></figure>`,
      ),
    );
    expect(images[0]).toMatchObject({ url: 'https://news.example/a.jpg', width: 640 });
    expect(images[0]?.alt.length).toBeLessThanOrEqual(MAX_IMAGE_ALT_CHARS);
    expect(images.slice(1).map((image) => image.alt.slice(0, 22))).toEqual(
      Array.from({ length: MAX_PAGE_IMAGES - 1 }, () => 'The quay from the air '),
    );
  });

  it('keeps each address once and at most MAX_PAGE_IMAGES images, in document order', () => {
    const many = Array.from(
      { length: MAX_PAGE_IMAGES + 8 },
      (_, index) => `<img src="/gallery/${index}.jpg" alt="Gallery picture number ${index} of the quay">`,
    ).join('');
    const images = imagesOf(
      storyPage(`<img src="/gallery/0.jpg" alt="Gallery picture number 0 of the quay">${many}`),
    );
    expect(images).toHaveLength(MAX_PAGE_IMAGES);
    expect(images.map((image) => image.url)).toEqual(
      Array.from({ length: MAX_PAGE_IMAGES }, (_, index) => `https://news.example/gallery/${index}.jpg`),
    );
  });

  it('has no images field on a page without any', () => {
    const page = extractHtml(storyPage(''), { url: PAGE_URL });
    expect(page.text).toContain('harbour board met');
    expect(page).not.toHaveProperty('images');
  });
});
