import type { SourceImage } from '../../contract/images.js';
import {
  MAX_IMAGE_ALT_CHARS,
  MAX_IMAGE_URL_CHARS,
  MAX_PAGE_IMAGES,
  MIN_IMAGE_SIDE_PX,
} from '../constants.js';
import { tagOf } from './dom.js';
import { emptyAltTexts, trackingImageAddresses } from './phrases/index.js';
import type { Element } from './tree/index.js';
import { absoluteUrl } from './urls.js';

const TRACKING_ADDRESS = new RegExp(trackingImageAddresses.join('|'), 'i');
const EMPTY_ALT = new RegExp(`^(?:${emptyAltTexts.join('|')})$`, 'iu');

/**
 * Characters alt text never keeps: C0 and C1 controls, zero-width characters, direction marks and
 * overrides (which can make text read differently from what it holds), the byte-order mark, and
 * halves of surrogate pairs standing alone.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Attributes lazy loaders keep the real address in, before `src` (often a placeholder). */
const LAZY_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-url'];

/**
 * The images of the content elements worth naming to a reader, in document order, each address
 * once, at most `MAX_PAGE_IMAGES`: absolute http(s) addresses (lazy-loading attributes and
 * `srcset` included, `data:` never), with alt text (or their figure's caption), declared size when
 * given. Tracking pixels, icons declared smaller than `MIN_IMAGE_SIDE_PX`, decorative images
 * (`role="presentation"`, `aria-hidden`) and images whose alt text says nothing are left out.
 */
export function pageImagesOf(elements: readonly Element[], baseUrl: string | undefined): SourceImage[] {
  const images: SourceImage[] = [];
  const seen = new Set<string>();
  for (const element of elements) {
    const found = tagOf(element) === 'img' ? [element] : element.querySelectorAll('img');
    for (const image of found) {
      const kept = imageOf(image, baseUrl);
      if (!kept || seen.has(kept.url)) continue;
      seen.add(kept.url);
      images.push(kept);
      if (images.length >= MAX_PAGE_IMAGES) return images;
    }
  }
  return images;
}

function imageOf(image: Element, baseUrl: string | undefined): SourceImage | undefined {
  const role = image.getAttribute('role')?.toLowerCase();
  if (role === 'presentation' || role === 'none' || image.getAttribute('aria-hidden') === 'true') return;
  const url = addressOf(image, baseUrl);
  if (url === undefined || TRACKING_ADDRESS.test(url) || isTinyByAddress(url)) return;
  const width = sideOf(image, 'width');
  const height = sideOf(image, 'height');
  if (
    (width !== undefined && width < MIN_IMAGE_SIDE_PX) ||
    (height !== undefined && height < MIN_IMAGE_SIDE_PX)
  )
    return;
  const alt = cleanAltText(image.getAttribute('alt') ?? '') || cleanAltText(captionOf(image));
  if (alt === '') return;
  return {
    url,
    alt,
    ...(width === undefined ? {} : { width }),
    ...(height === undefined ? {} : { height }),
  };
}

/** The first usable address: lazy-loading attributes, `src`, then the largest `srcset` candidate. */
function addressOf(image: Element, baseUrl: string | undefined): string | undefined {
  const candidates = [
    ...LAZY_ATTRIBUTES.map((name) => image.getAttribute(name)),
    image.getAttribute('src'),
    largestCandidate(image.getAttribute('data-srcset') ?? image.getAttribute('srcset')),
  ];
  for (const candidate of candidates) {
    const url = webAddress(candidate, baseUrl);
    if (url !== undefined) return url;
  }
  return undefined;
}

/** An absolute http(s) address without credentials and not too long; undefined otherwise. */
function webAddress(candidate: string | null | undefined, baseUrl: string | undefined): string | undefined {
  const absolute = absoluteUrl(candidate ?? null, baseUrl);
  if (absolute === undefined || absolute.length > MAX_IMAGE_URL_CHARS) return undefined;
  const url = new URL(absolute);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href;
}

/** The `srcset` candidate with the largest width (`800w`) or density (`2x`) descriptor. */
function largestCandidate(srcset: string | null): string | undefined {
  if (!srcset) return undefined;
  let best: { url: string; size: number } | undefined;
  for (const entry of srcset.split(/,\s+/)) {
    const [url, descriptor = '1x'] = entry.trim().split(/\s+/);
    if (!url) continue;
    const size = Number.parseFloat(descriptor) || 1;
    if (!best || size > best.size) best = { url: url.replace(/,$/, ''), size };
  }
  return best?.url;
}

/** A size in an image's address, as resizing services write it: `/50x50/`, `-32x32.png`. */
const ADDRESS_SIZE = /[/_=-](\d{1,4})x(\d{1,4})(?=[/_.&?-]|$)/gi;

/** Whether the address names the image's size and that size is an icon's (both sides small). */
function isTinyByAddress(url: string): boolean {
  for (const match of url.matchAll(ADDRESS_SIZE)) {
    if (Number(match[1]) < MIN_IMAGE_SIDE_PX && Number(match[2]) < MIN_IMAGE_SIDE_PX) return true;
  }
  return false;
}

/** A `width` or `height` attribute in pixels: `640`, `640px`. */
const SIDE_ATTRIBUTE = /^(\d{1,6})(?:\.\d+)?(?:px)?$/i;
/** A side in pixels in an inline style: `width: 16px`. */
const SIDE_STYLE = {
  width: /(?:^|;)\s*width\s*:\s*(\d{1,6})(?:\.\d+)?px/i,
  height: /(?:^|;)\s*height\s*:\s*(\d{1,6})(?:\.\d+)?px/i,
};

/** A side declared by the attribute (`640`, `640px`) or the inline style; undefined for `100%` or none. */
function sideOf(image: Element, side: 'width' | 'height'): number | undefined {
  const attribute = SIDE_ATTRIBUTE.exec((image.getAttribute(side) ?? '').trim());
  const style = SIDE_STYLE[side].exec(image.getAttribute('style') ?? '');
  const value = attribute?.[1] ?? style?.[1];
  return value === undefined ? undefined : Number(value);
}

/** Where `keepFigureCaptions` keeps a figure's caption on its images (pruning removes captions). */
const CAPTION_ATTRIBUTE = 'data-deepresearch-caption';

/**
 * Keeps the caption of each figure on the figure's images, before pruning removes captions from
 * the content: an image without alt text is still described by its caption.
 */
export function keepFigureCaptions(elements: readonly Element[]): void {
  // A figure's caption is read once, however many images it holds, and only as much as is kept.
  const captions = new Map<Element, string>();
  for (const element of elements) {
    for (const image of element.querySelectorAll('figure img')) {
      const figure = image.closest('figure');
      if (!figure) continue;
      let caption = captions.get(figure);
      if (caption === undefined) {
        caption = (figure.querySelector('figcaption')?.textContent ?? '').slice(0, MAX_IMAGE_ALT_CHARS * 4);
        captions.set(figure, caption);
      }
      // Set on every figure's image, so a page's own attribute of that name is overwritten.
      image.setAttribute(CAPTION_ATTRIBUTE, caption);
    }
  }
}

/** The caption of the figure the image is in: as kept before pruning, else as it stands. */
function captionOf(image: Element): string {
  const figure = image.closest('figure');
  if (!figure) return '';
  return image.getAttribute(CAPTION_ATTRIBUTE) ?? figure.querySelector('figcaption')?.textContent ?? '';
}

/**
 * Alt text as a reader may be shown it: invisible and control characters removed, whitespace
 * collapsed, clipped to `MAX_IMAGE_ALT_CHARS` at a word; empty when it says nothing ("image",
 * a file name, a number).
 */
export function cleanAltText(text: string): string {
  // Only the start of a long text can be kept: the rest is never looked at.
  const clean = text
    .slice(0, MAX_IMAGE_ALT_CHARS * 4)
    .replace(INVISIBLE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (EMPTY_ALT.test(clean)) return '';
  if (clean.length <= MAX_IMAGE_ALT_CHARS) return clean;
  // A pair cut in half would leave a lone surrogate at the end.
  const cut = clean.slice(0, MAX_IMAGE_ALT_CHARS - 1).replace(/[\ud800-\udbff]$/, '');
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_IMAGE_ALT_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}
