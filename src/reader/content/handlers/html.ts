import { sharedExtractionPool } from '../../extract-pool/index.js';
import { decodeText } from '../charset/index.js';
import type { ContentHandler } from './types.js';

/**
 * HTML and XHTML: decoded with the page's charset, then main content extracted in the process's
 * extraction pool (worker threads), so a heavy page never blocks the event loop.
 */
export const htmlHandler: ContentHandler = {
  mediaTypes: ['text/html', 'application/xhtml+xml'],
  async extract(input) {
    const html = decodeText(input.bytes, {
      headerCharset: input.mediaType.charset,
      html: true,
      url: input.url,
    });
    return sharedExtractionPool().extract(html, input.url);
  },
};
