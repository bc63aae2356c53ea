import type { Reference, RunImage } from '../../contract/index.js';
import type { Source } from '../../reader/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { MAX_RUN_IMAGES } from '../constants.js';

/**
 * The images of the pages read, each with its page and the references citing that page: the
 * pages the answer cites first, in the order of their first citation, then the others in reading
 * order; each image address once, at most `limit`.
 */
export function runImages(
  pages: readonly Source[],
  references: readonly Reference[],
  limit = MAX_RUN_IMAGES,
): RunImage[] {
  const citing = new Map<string, number[]>();
  references.forEach((reference, index) => {
    const key = canonicalUrl(reference.url);
    citing.set(key, [...(citing.get(key) ?? []), index + 1]);
  });
  const numbersOf = (page: Source) => {
    const numbers = new Set([
      ...(citing.get(canonicalUrl(page.url)) ?? []),
      ...(citing.get(canonicalUrl(page.finalUrl)) ?? []),
    ]);
    return [...numbers].sort((left, right) => left - right);
  };
  const ordered = pages
    .filter((page) => (page.images?.length ?? 0) > 0)
    .map((page, order) => ({ page, order, numbers: numbersOf(page) }))
    .sort(
      (left, right) =>
        (left.numbers[0] ?? Number.POSITIVE_INFINITY) - (right.numbers[0] ?? Number.POSITIVE_INFINITY) ||
        left.order - right.order,
    );
  const images: RunImage[] = [];
  const seen = new Set<string>();
  for (const { page, numbers } of ordered) {
    for (const image of page.images ?? []) {
      if (images.length >= limit) return images;
      if (seen.has(image.url)) continue;
      seen.add(image.url);
      images.push({
        ...image,
        sourceUrl: page.url,
        sourceTitle: page.title,
        ...(numbers.length > 0 ? { references: numbers } : {}),
      });
    }
  }
  return images;
}
