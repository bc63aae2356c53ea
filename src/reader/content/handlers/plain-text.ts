import { decodeText } from '../charset/index.js';
import { firstLine, titleFromUrl } from './title.js';
import type { ContentHandler } from './types.js';

/** Plain text (and any other `text/*`): the text as is; title from its first line. */
export const plainTextHandler: ContentHandler = {
  mediaTypes: ['text/plain'],
  async extract(input) {
    const text = decodeText(input.bytes, { headerCharset: input.mediaType.charset, url: input.url })
      .replace(/\r\n?/g, '\n')
      .trim();
    return { title: firstLine(text) ?? titleFromUrl(input.url), markdown: text, text };
  },
};
