import { decodeText } from '../charset/index.js';
import { titleFromUrl } from './title.js';
import type { ContentHandler } from './types.js';

/**
 * Plain text (and any other `text/*`): the text as is. Plain text has no title, and its first line
 * is content, not a heading: the title is the file's (or URL's) name.
 */
export const plainTextHandler: ContentHandler = {
  mediaTypes: ['text/plain'],
  async extract(input) {
    const text = decodeText(input.bytes, { headerCharset: input.mediaType.charset, url: input.url })
      .replace(/\r\n?/g, '\n')
      .trim();
    return { title: titleFromUrl(input.url), markdown: text, text };
  },
};
