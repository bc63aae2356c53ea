import { ReaderError } from '../../errors.js';
import { extractHtml } from '../../html/index.js';
import { decodeText } from '../charset/index.js';
import type { ContentHandler } from './types.js';

/** HTML and XHTML: decoded with the page's charset, then main content extracted. */
export const htmlHandler: ContentHandler = {
  mediaTypes: ['text/html', 'application/xhtml+xml'],
  async extract(input) {
    const html = decodeText(input.bytes, {
      headerCharset: input.mediaType.charset,
      html: true,
      url: input.url,
    });
    try {
      return extractHtml(html, { url: input.url });
    } catch (error) {
      throw new ReaderError({
        code: 'extract_failed',
        url: input.url,
        cause: error,
        message: `Could not extract the main content of ${input.url}: ${(error as Error).message}`,
      });
    }
  },
};
