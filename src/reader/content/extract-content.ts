import type { ExtractedPage } from '../html/index.js';
import { contentHandlerFor } from './handlers/index.js';
import { type MediaType, resolveMediaType } from './media-type.js';

/** Main content of a body plus the media type it was read as. */
export interface ExtractedContent extends ExtractedPage {
  mediaType: MediaType;
}

/**
 * Turns a fetched or local body into title, metadata, markdown and text, choosing the handler by the
 * declared Content-Type (or, when that is missing or generic, by magic bytes and the path).
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
  const handler = contentHandlerFor(mediaType, options.url);
  const page = await handler.extract({ bytes: options.bytes, mediaType, url: options.url });
  return { ...page, mediaType };
}
