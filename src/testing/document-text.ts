import { inflateRawSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';

/** What a PDF shows: its text (pages joined), its link targets and its internal jumps. */
export interface PdfContents {
  text: string;
  pages: number;
  /** Addresses of its external links, in page order. */
  urls: string[];
  /** Names of the destinations its internal links jump to (`reference-2`). */
  jumps: string[];
  /** Names of the destinations it defines. */
  destinations: string[];
  title: string | undefined;
}

/** Reads a PDF back as a reader would see it, with the PDF.js that `unpdf` ships. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContents> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const urls: string[] = [];
  const jumps: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const annotations = (await (await pdf.getPage(number)).getAnnotations()) as {
      url?: string;
      dest?: unknown;
    }[];
    for (const annotation of annotations) {
      if (annotation.url) urls.push(annotation.url);
      if (typeof annotation.dest === 'string') jumps.push(annotation.dest);
    }
  }
  const destinations = Object.keys((await pdf.getDestinations()) as Record<string, unknown>);
  const metadata = (await pdf.getMetadata()).info as { Title?: string };
  return { text, pages: pdf.numPages, urls, jumps, destinations, title: metadata.Title };
}

/**
 * One file of a zip archive (a DOCX is one), found through the central directory and inflated
 * with Node's zlib. Throws when the archive has no such entry.
 */
export function zipEntry(archive: Uint8Array, name: string): string {
  const buffer = Buffer.from(archive);
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip archive: no end of central directory.');
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    const method = buffer.readUInt16LE(offset + 10);
    const size = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extra = buffer.readUInt16LE(offset + 30);
    const comment = buffer.readUInt16LE(offset + 32);
    const local = buffer.readUInt32LE(offset + 42);
    const entry = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (entry === name) {
      const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
      const data = buffer.subarray(start, start + size);
      return (method === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    offset += 46 + nameLength + extra + comment;
  }
  throw new Error(`The archive has no ${name}.`);
}

/** The visible text of a DOCX body: the `w:t` runs of `word/document.xml`, paragraphs on lines. */
export function docxText(archive: Uint8Array): string {
  const xml = zipEntry(archive, 'word/document.xml');
  return xml
    .split('</w:p>')
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
        .map((match) => match[1] ?? '')
        .join('')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    )
    .filter((line) => line.length > 0)
    .join('\n');
}
