import { z } from 'zod';
import type { RunImage } from '../../../contract/index.js';
import { ApiError } from '../errors.js';

/**
 * The `/v1` field (chat completions and responses) that asks for the images of the pages the run
 * read, as node-DeepResearch's `with_images` does: each comes back as an `image_url` annotation
 * with its alt text and its page, those of the pages the answer cites first.
 */
export const imageFieldsShape = {
  /** Return the run's images (`ResearchResult.images`) as `image_url` annotations; default false. */
  with_images: z.boolean({ error: 'true or false' }).nullable().optional(),
};

/** Whether a parsed request asked for images (`null` counts as absent). */
export function wantsImages(request: { with_images?: boolean | null | undefined }): boolean {
  return request.with_images === true;
}

/**
 * `?with_images=` of `GET /v1/responses/:id`, which asks again for what the request asked (a
 * response fetched later does not remember it): `true` or `false`, absent meaning false.
 */
export function imagesQuery(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new ApiError(
    'invalid_request',
    `Invalid value for "with_images": must be true or false, got "${value}".`,
    {
      field: 'with_images',
    },
  );
}

/**
 * An image as the body of an `image_url` annotation: its address and alt text, its declared size,
 * the page it is on, and where in the answer that page is first cited (its `[n]` marker; the end
 * of the answer for a page the answer does not cite).
 */
export function imageAnnotationBody(answer: string, image: RunImage) {
  const marker = image.references?.[0] === undefined ? undefined : `[${image.references[0]}]`;
  const start = marker === undefined ? -1 : answer.indexOf(marker);
  return {
    url: image.url,
    alt: image.alt,
    ...(image.width === undefined ? {} : { width: image.width }),
    ...(image.height === undefined ? {} : { height: image.height }),
    source_url: image.sourceUrl,
    source_title: image.sourceTitle,
    references: image.references,
    start_index: start >= 0 ? start : answer.length,
    end_index: start >= 0 && marker ? start + marker.length : answer.length,
  };
}

/** Chat completions' `image_url` annotations of the run's images, in the result's order. */
export function imageAnnotations(answer: string, images: readonly RunImage[] = []) {
  return images.map((image) => ({
    type: 'image_url' as const,
    image_url: imageAnnotationBody(answer, image),
  }));
}
