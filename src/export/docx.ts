import type { DocumentBlock, TextRun } from './blocks.js';
import { runsText } from './blocks.js';
import type { ReportDocument } from './document.js';
import { readsRightToLeft } from './printable.js';

type Docx = typeof import('docx');
type Child = import('docx').ParagraphChild;
type Body = import('docx').Paragraph | import('docx').Table;

/** Word's heading styles by markdown level. */
const HEADING_LEVELS = [
  'HEADING_1',
  'HEADING_2',
  'HEADING_3',
  'HEADING_4',
  'HEADING_5',
  'HEADING_6',
] as const;
/** Twentieths of a point per level of list or quote. */
const INDENT = 360;
const MONO = 'Consolas';
const QUIET_COLOR = '555555';

/** Word bookmark names take letters, digits and underscores. */
const bookmarkOf = (anchor: string) => anchor.replace(/[^A-Za-z0-9_]/g, '_');

function textRun(docx: Docx, run: TextRun, extra: { italic?: boolean; color?: string } = {}) {
  const linked = run.href !== undefined || run.reference !== undefined;
  return new docx.TextRun({
    text: run.text,
    bold: run.bold === true,
    italics: run.italic === true || extra.italic === true,
    strike: run.strike === true,
    font: run.code ? MONO : undefined,
    style: linked ? 'Hyperlink' : undefined,
    color: linked ? undefined : extra.color,
    // docx writes an explicit off switch for a present `false`, here and for `bidirectional` below.
    ...(readsRightToLeft(run.text) ? { rightToLeft: true } : {}),
  });
}

/** Runs as paragraph children: `[n]` as a link to its reference's bookmark, links to their page. */
function children(
  docx: Docx,
  runs: readonly TextRun[],
  extra: { italic?: boolean; color?: string } = {},
): Child[] {
  return runs.map((run) => {
    const text = textRun(docx, run, extra);
    if (run.reference !== undefined)
      return new docx.InternalHyperlink({
        anchor: bookmarkOf(`reference-${run.reference}`),
        children: [text],
      });
    if (run.href !== undefined) return new docx.ExternalHyperlink({ link: run.href, children: [text] });
    return text;
  });
}

function paragraph(docx: Docx, block: Extract<DocumentBlock, { kind: 'paragraph' }>) {
  const extra = block.quote ? { italic: true, color: QUIET_COLOR } : {};
  let content: Child[] = children(docx, block.runs, extra);
  if (block.marker) content = [new docx.TextRun({ text: `${block.marker}\t` }), ...content];
  if (block.anchor) content = [new docx.Bookmark({ id: bookmarkOf(block.anchor), children: content })];
  return new docx.Paragraph({
    children: content,
    indent: block.marker ? { left: block.depth * INDENT, hanging: INDENT } : { left: block.depth * INDENT },
    spacing: { after: 80 },
    ...(readsRightToLeft(runsText(block.runs)) ? { bidirectional: true } : {}),
  });
}

function table(docx: Docx, rows: TextRun[][][], headerRows: number) {
  return new docx.Table({
    width: { size: 100, type: docx.WidthType.PERCENTAGE },
    rows: rows.map(
      (row, index) =>
        new docx.TableRow({
          tableHeader: index < headerRows,
          children: row.map(
            (cell) =>
              new docx.TableCell({
                children: [
                  new docx.Paragraph({
                    children: children(
                      docx,
                      index < headerRows ? cell.map((run) => ({ ...run, bold: true })) : cell,
                    ),
                  }),
                ],
              }),
          ),
        }),
    ),
  });
}

function body(docx: Docx, block: DocumentBlock): Body[] {
  switch (block.kind) {
    case 'heading':
      return [
        new docx.Paragraph({
          heading:
            docx.HeadingLevel[HEADING_LEVELS[Math.min(6, Math.max(1, block.level)) - 1] ?? 'HEADING_1'],
          children: children(docx, block.runs),
          ...(readsRightToLeft(runsText(block.runs)) ? { bidirectional: true } : {}),
        }),
      ];
    case 'paragraph':
      return [paragraph(docx, block)];
    case 'code': {
      const lines = block.text.split('\n');
      return [
        new docx.Paragraph({
          indent: { left: block.depth * INDENT },
          children: lines.map(
            (line, index) =>
              new docx.TextRun({ text: line, font: MONO, size: 18, break: index > 0 ? 1 : undefined }),
          ),
        }),
      ];
    }
    case 'table':
      return [table(docx, block.rows, block.headerRows), new docx.Paragraph({ children: [] })];
    case 'rule':
      return [
        new docx.Paragraph({
          children: [],
          border: { bottom: { style: docx.BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } },
        }),
      ];
  }
}

/** The report as a Word document: headings, lists, quotes, tables; `[n]` links to reference n, links open their page. */
export async function renderDocx(document: ReportDocument): Promise<Uint8Array> {
  const docx = await import('docx');
  const file = new docx.Document({
    title: document.title,
    creator: 'deepresearch',
    sections: [{ children: document.blocks.flatMap((block) => body(docx, block)) }],
  });
  return new Uint8Array(await docx.Packer.toBuffer(file));
}
