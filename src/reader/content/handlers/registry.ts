import { ReaderError } from '../../errors.js';
import type { MediaType } from '../media-type.js';
import { htmlHandler } from './html.js';
import { jsonHandler } from './json.js';
import { markdownHandler } from './markdown.js';
import { pdfHandler } from './pdf.js';
import { plainTextHandler } from './plain-text.js';
import type { ContentHandler } from './types.js';

/** Every content handler; add one here to read a new kind of body. */
export const contentHandlers: readonly ContentHandler[] = [
  htmlHandler,
  pdfHandler,
  jsonHandler,
  markdownHandler,
  plainTextHandler,
];

const handlerOfType = new Map(
  contentHandlers.flatMap((handler) => handler.mediaTypes.map((type) => [type, handler] as const)),
);

/** Media types with no handler of their own that are read as plain text. */
const plainTextLike = /^text\/|^application\/(x-)?(yaml|toml|csv|x-sh|javascript|x-tex)$/;

/**
 * The handler for a media type: an exact match, `+json` types as JSON, other text as plain text.
 * Throws `ReaderError` `unsupported_content` for anything else (images, archives, video...).
 */
export function contentHandlerFor(mediaType: MediaType, url: string): ContentHandler {
  const exact = handlerOfType.get(mediaType.essence);
  if (exact) return exact;
  if (mediaType.essence.endsWith('+json')) return jsonHandler;
  if (plainTextLike.test(mediaType.essence)) return plainTextHandler;
  throw new ReaderError({
    code: 'unsupported_content',
    url,
    message: `Cannot read ${url}: its content type ${mediaType.essence} is not HTML, PDF, text, markdown or JSON.`,
  });
}
