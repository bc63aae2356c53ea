import type { Font } from 'fontkit';
import type { DocumentBlock, TextRun } from './blocks.js';
import { runsText } from './blocks.js';
import type { ReportDocument } from './document.js';
import { findSystemFonts, type PdfFontFiles, parsedFont, STANDARD_FONTS } from './pdf-fonts.js';
import { toWinAnsi } from './win-ansi.js';

/** How a PDF is written. */
export interface PdfOptions {
  /**
   * Font files to embed; default: a Unicode family installed on the machine (DejaVu, Liberation,
   * Arial), else PDF's built-in Helvetica, which shows characters outside Windows-1252 as `?`.
   * `'standard'` forces the built-in fonts.
   */
  fonts?: PdfFontFiles | 'standard';
}

type Face = keyof PdfFontFiles;
type PdfDocument = PDFKit.PDFDocument;

const INDENT = 18;
const BODY_SIZE = 11;
const HEADING_SIZES = [20, 16, 13.5, 12, 11, 11];
const TEXT_COLOR = '#1a1a1a';
const LINK_COLOR = '#1a4fb5';
const QUIET_COLOR = '#555555';

interface Writer {
  doc: PdfDocument;
  text: (text: string) => string;
  left: number;
  width: number;
}

/**
 * A break opportunity every this many characters of an unbroken word: pdfkit measures a word too
 * long for its line again for each character it cuts, so a 60,000-character "word" from a hostile
 * page would take minutes.
 */
const LONGEST_WORD = 100;
const LONG_WORD = new RegExp(`\\S{${LONGEST_WORD}}(?=\\S)`, 'gu');

/** Text with a break opportunity (`separator`) inside every long word. */
const breakLongWords = (text: string, separator: string) =>
  text.replace(LONG_WORD, (word) => `${word}${separator}`);

/**
 * Text the font can draw: a character it has no glyph for (emoji, scripts it lacks) becomes `?`,
 * never an empty box that reads back as nothing.
 */
function glyphFilter(font: Font): (text: string) => string {
  const known = new Map<number, boolean>();
  const has = (code: number) => {
    const cached = known.get(code);
    if (cached !== undefined) return cached;
    const found = font.hasGlyphForCodePoint(code);
    known.set(code, found);
    return found;
  };
  return (text) => {
    let out = '';
    for (const character of text) {
      const code = character.codePointAt(0) ?? 0;
      out += code < 0x20 || has(code) ? character : '?';
    }
    return out;
  };
}

const faceOf = (run: TextRun, base: Face): Face =>
  run.code ? 'mono' : run.bold ? 'bold' : run.italic ? 'italic' : base;

/** Runs as one flowing paragraph at `x`, each run with its face, colour and link. */
function writeRuns(
  writer: Writer,
  runs: readonly TextRun[],
  at: { x: number; y?: number; width: number; size: number; base: Face; color: string; destination?: string },
) {
  const { doc } = writer;
  const visible = runs.filter((run) => writer.text(run.text));
  visible.forEach((run, index) => {
    const linked = run.href !== undefined || run.reference !== undefined;
    doc
      .font(faceOf(run, at.base))
      .fontSize(at.size)
      .fillColor(linked ? LINK_COLOR : at.color);
    const options: PDFKit.Mixins.TextOptions = {
      width: at.width,
      continued: index < visible.length - 1,
      link: run.href ?? null,
      underline: run.href !== undefined,
      strike: run.strike === true,
      goTo: run.reference !== undefined ? `reference-${run.reference}` : undefined,
      destination: index === 0 ? at.destination : undefined,
    };
    if (index === 0) doc.text(writer.text(run.text), at.x, at.y ?? doc.y, options);
    else doc.text(writer.text(run.text), options);
  });
}

function writeTable(writer: Writer, rows: TextRun[][][], headerRows: number) {
  const { doc } = writer;
  const columns = Math.max(1, ...rows.map((row) => row.length));
  const cellWidth = writer.width / columns;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  rows.forEach((row, rowIndex) => {
    const base: Face = rowIndex < headerRows ? 'bold' : 'regular';
    doc.font(base).fontSize(BODY_SIZE - 1);
    const height = Math.max(
      0,
      ...row.map((cell) => doc.heightOfString(writer.text(runsText(cell)) || ' ', { width: cellWidth - 6 })),
    );
    if (doc.y + height > bottom() && height < bottom() - doc.page.margins.top) doc.addPage();
    const top = doc.y;
    let lowest = top;
    row.forEach((cell, column) => {
      writeRuns(writer, cell, {
        x: writer.left + column * cellWidth,
        y: top,
        width: cellWidth - 6,
        size: BODY_SIZE - 1,
        base,
        color: TEXT_COLOR,
      });
      lowest = Math.max(lowest, doc.y);
    });
    doc.y = lowest + 3;
    doc
      .moveTo(writer.left, doc.y)
      .lineTo(writer.left + writer.width, doc.y)
      .strokeColor('#cccccc')
      .stroke();
    doc.y += 3;
  });
  doc.x = writer.left;
  doc.moveDown(0.5);
}

function writeBlock(writer: Writer, block: DocumentBlock) {
  const { doc } = writer;
  switch (block.kind) {
    case 'heading':
      doc.moveDown(0.4);
      writeRuns(writer, block.runs, {
        x: writer.left,
        width: writer.width,
        size: HEADING_SIZES[block.level - 1] ?? BODY_SIZE,
        base: 'bold',
        color: TEXT_COLOR,
      });
      doc.moveDown(0.3);
      return;
    case 'paragraph': {
      const indent = writer.left + block.depth * INDENT;
      const width = writer.width - block.depth * INDENT;
      const color = block.quote ? QUIET_COLOR : TEXT_COLOR;
      const top = doc.y;
      if (block.marker) {
        // The marker hangs left of the item's text, which starts on the same line.
        doc.font('regular').fontSize(BODY_SIZE).fillColor(color);
        doc.text(block.marker, indent - INDENT, top, {
          width: INDENT - 2,
          lineBreak: false,
          destination: block.anchor,
        });
      }
      writeRuns(writer, block.runs, {
        x: indent,
        y: top,
        width,
        size: BODY_SIZE,
        base: block.quote ? 'italic' : 'regular',
        color,
      });
      doc.x = writer.left;
      doc.moveDown(0.4);
      return;
    }
    case 'code':
      doc
        .font('mono')
        .fontSize(BODY_SIZE - 2)
        .fillColor(QUIET_COLOR);
      doc.text(writer.text(block.text), writer.left + block.depth * INDENT, doc.y, {
        width: writer.width - block.depth * INDENT,
      });
      doc.x = writer.left;
      doc.moveDown(0.5);
      return;
    case 'table':
      writeTable(writer, block.rows, block.headerRows);
      return;
    case 'rule':
      doc
        .moveTo(writer.left, doc.y)
        .lineTo(writer.left + writer.width, doc.y)
        .strokeColor('#cccccc')
        .stroke();
      doc.moveDown(0.5);
  }
}

const FACES: readonly Face[] = ['regular', 'bold', 'italic', 'mono'];

/** The four faces parsed (once per thread), for pdfkit to lay out and embed. */
async function parsedFaces(files: PdfFontFiles): Promise<Record<Face, Font>> {
  const fonts = await Promise.all(FACES.map((face) => parsedFont(files[face])));
  return Object.fromEntries(FACES.map((face, index) => [face, fonts[index]])) as Record<Face, Font>;
}

/** The report as a PDF: headings, lists, quotes, tables; `[n]` jumps to reference n, links open their page. */
export async function renderPdf(document: ReportDocument, options: PdfOptions = {}): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit');
  const fonts =
    options.fonts === 'standard'
      ? STANDARD_FONTS
      : (options.fonts ?? (await findSystemFonts()) ?? STANDARD_FONTS);
  const standard = fonts === STANDARD_FONTS;
  const faces = standard ? undefined : await parsedFaces(fonts);
  // A zero-width space is a break opportunity a Unicode font draws as nothing; the built-in fonts lack it.
  const drawable = faces ? glyphFilter(faces.regular) : toWinAnsi;
  const text = (value: string) => breakLongWords(drawable(value), standard ? ' ' : '\u200b');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: text(document.title), Creator: 'deepresearch' },
    displayTitle: true,
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // pdfkit takes a parsed fontkit font as well as a file (its typings leave that out).
  for (const face of FACES)
    doc.registerFont(face, faces ? (faces[face] as unknown as PDFKit.Mixins.PDFFontSource) : fonts[face]);
  const writer: Writer = {
    doc,
    text,
    left: doc.page.margins.left,
    width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
  };
  for (const block of document.blocks) writeBlock(writer, block);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
