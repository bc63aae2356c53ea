import { ReaderError } from '../errors.js';
import type { ExtractedPage } from '../html/index.js';
import { contentHandlerFor } from './handlers/index.js';
import { looksBinary, type MediaType, resolveMediaType } from './media-type.js';

/** Main content of a body plus the media type it was read as. */
export interface ExtractedContent extends ExtractedPage {
  mediaType: MediaType;
}

/**
 * Turns a fetched or local body into title, metadata, markdown and text, choosing the handler by the
 * declared Content-Type (or, when that is missing or generic, by magic bytes and the path). Binary
 * data read as anything but PDF is refused (`unsupported_content`).
 */
export async function extractContent(options: {
  bytes: Uint8Array;
  contentType: string | undefined;
  url: string;
}): Promise<ExtractedContent> {
  const path = (() => {
    try {
      return new URL(options.url).pathname;
    } catch {
      return options.url;
    }
  })();
  const mediaType = resolveMediaType({ header: options.contentType, bytes: options.bytes, path });
  // Every handler but PDF's reads text: binary data under a text name or type would print as noise.
  if (mediaType.essence !== 'application/pdf' && looksBinary(options.bytes)) {
    throw new ReaderError({
      code: 'unsupported_content',
      url: options.url,
      message: `Cannot read ${options.url}: it holds binary data, not text, though it is named or labelled ${mediaType.essence}.`,
    });
  }
  const handler = contentHandlerFor(mediaType, options.url);
  const page = await handler.extract({ bytes: options.bytes, mediaType, url: options.url });
  return { ...page, mediaType };
}
