import type { ExtractedPage } from '../../html/index.js';
import type { MediaType } from '../media-type.js';

/** A body to turn into main content. */
export interface ContentInput {
  bytes: Uint8Array;
  mediaType: MediaType;
  /** Final URL (or file:// URL); links resolve against it and titles fall back to it. */
  url: string;
}

/** Turns one kind of body (HTML, PDF, JSON...) into title, markdown and text. */
export interface ContentHandler {
  /** Media types (`type/subtype` essences) this handler reads. */
  mediaTypes: readonly string[];
  extract(input: ContentInput): Promise<ExtractedPage>;
}
