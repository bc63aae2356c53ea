import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buildMinimalPdf } from '../../testing/minimal-pdf.js';
import { extractContent } from './extract-content.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('extractContent', () => {
  it('reads a PDF page by page with "## Page N" headings and the document title', async () => {
    const bytes = buildMinimalPdf({
      title: 'Annual Report',
      pages: ['Revenue grew 12 percent', 'Outlook is stable'],
    });
    const page = await extractContent({
      bytes,
      contentType: 'application/pdf',
      url: 'https://example.com/r.pdf',
    });
    expect(page.title).toBe('Annual Report');
    expect(page.text).toBe('Revenue grew 12 percent\n\nOutlook is stable');
    expect(page.markdown).toBe('## Page 1\n\nRevenue grew 12 percent\n\n## Page 2\n\nOutlook is stable');
  });

  it('recognises a PDF by its magic bytes, whatever the Content-Type says', async () => {
    const bytes = buildMinimalPdf({ pages: ['Only page'] });
    const page = await extractContent({
      bytes,
      contentType: 'application/octet-stream',
      url: 'https://x.test/dl',
    });
    expect(page.mediaType.essence).toBe('application/pdf');
    expect(page.title).toBe('Only page');
    const mislabelled = await extractContent({
      bytes,
      contentType: 'text/html',
      url: 'https://x.test/paper',
    });
    expect(mislabelled.text).toBe('Only page');
  });

  it('reports a broken PDF as extract_failed', async () => {
    await expect(
      extractContent({
        bytes: encode('%PDF-1.4 garbage'),
        contentType: 'application/pdf',
        url: 'https://x.test/a.pdf',
      }),
    ).rejects.toMatchObject({ code: 'extract_failed' });
  });

  it('decodes legacy-charset HTML before extracting it', async () => {
    const html =
      '<html><head><meta charset="windows-1252"><title>Caf\u00e9 news</title></head><body><article><p>The caf\u00e9 \u201cLe Monde\u201d opened in 1921 and still serves coffee to students every morning.</p></article></body></html>';
    const page = await extractContent({
      bytes: new Uint8Array(iconv.encode(html, 'windows-1252')),
      contentType: 'text/html',
      url: 'https://example.com/cafe',
    });
    expect(page.text).toContain('The caf\u00e9 \u201cLe Monde\u201d opened in 1921');
  });

  it('pretty-prints JSON in a code block and takes its title field', async () => {
    const page = await extractContent({
      bytes: encode('{"title":"Dataset","rows":[1,2]}'),
      contentType: 'application/vnd.api+json',
      url: 'https://api.test/data',
    });
    expect(page.title).toBe('Dataset');
    expect(page.markdown).toBe('```json\n{\n  "title": "Dataset",\n  "rows": [\n    1,\n    2\n  ]\n}\n```');
    expect(page.text).toContain('"rows": [');
  });

  it('reads markdown: title from the first heading, text without markup', async () => {
    const page = await extractContent({
      bytes: encode('# Guide\n\nUse **bold** and [links](https://a.test).\n'),
      contentType: 'text/markdown; charset=utf-8',
      url: 'https://docs.test/guide.md',
    });
    expect(page.title).toBe('Guide');
    expect(page.markdown).toContain('**bold**');
    expect(page.text).toBe('Guide\n\nUse bold and links.');
  });

  it('reads plain text, KOI8-R included, titled by its file name (its first line is content)', async () => {
    const page = await extractContent({
      bytes: new Uint8Array(iconv.encode('Привет мир\n\nВторой абзац.', 'koi8-r')),
      contentType: 'text/plain; charset=koi8-r',
      url: 'https://ru.test/a.txt',
    });
    expect(page.title).toBe('a.txt');
    expect(page.text).toBe('Привет мир\n\nВторой абзац.');
  });

  it('refuses images and other binary bodies as unsupported_content', async () => {
    await expect(
      extractContent({
        bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        contentType: 'image/png',
        url: 'https://x.test/a.png',
      }),
    ).rejects.toMatchObject({ code: 'unsupported_content' });
    await expect(
      extractContent({
        bytes: new Uint8Array([0, 1, 2, 3]),
        contentType: undefined,
        url: 'https://x.test/blob',
      }),
    ).rejects.toMatchObject({ code: 'unsupported_content' });
  });
});
