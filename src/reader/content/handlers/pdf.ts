import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { ReaderError } from '../../errors.js';
import { firstLine, titleFromUrl } from './title.js';
import type { ContentHandler } from './types.js';

function cleanPage(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** PDF: text per page; markdown has a `## Page N` heading per page; title from the document info. */
export const pdfHandler: ContentHandler = {
  mediaTypes: ['application/pdf', 'application/x-pdf'],
  async extract(input) {
    let pages: string[];
    let metaTitle: unknown;
    try {
      // pdf.js may take ownership of the buffer it is given, so it gets its own copy.
      const document = await getDocumentProxy(new Uint8Array(input.bytes));
      pages = (await extractText(document, { mergePages: false })).text.map(cleanPage);
      metaTitle = (await getMeta(document)).info.Title;
      await document.destroy();
    } catch (error) {
      throw new ReaderError({
        code: 'extract_failed',
        url: input.url,
        cause: error,
        message: `Could not read the PDF at ${input.url}: ${(error as Error).message}`,
      });
    }
    const text = pages.filter((page) => page !== '').join('\n\n');
    const markdown = pages.map((page, index) => `## Page ${index + 1}\n\n${page}`).join('\n\n');
    const title =
      typeof metaTitle === 'string' && metaTitle.trim() !== ''
        ? metaTitle.trim()
        : (firstLine(text) ?? titleFromUrl(input.url));
    return { title, markdown, text };
  },
};
