import { parseInline } from './inline.js';
import type { BlockNode, InlineNode } from './types.js';

const FENCE = /^\s{0,3}(```|~~~)\s*([\w+-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const BULLET = /^\s{0,3}([-*+])\s+(.*)$/;
const ORDERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

const startsBlock = (line: string) =>
  FENCE.test(line) ||
  HEADING.test(line) ||
  RULE.test(line) ||
  QUOTE.test(line) ||
  BULLET.test(line) ||
  ORDERED.test(line);

function cells(line: string): InlineNode[][] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));
}

/**
 * Parses markdown into blocks: headings, paragraphs, lists, fenced code, quotes, tables and rules.
 * Raw HTML is not a block here; it stays text.
 */
export function parseMarkdown(markdown: string): BlockNode[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: BlockNode[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (!line.trim()) {
      index += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index]!.trim().startsWith(fence[1]!)) body.push(lines[index++]!);
      index += 1;
      blocks.push({ kind: 'code', language: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2]!) });
      index += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      index += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index]!)) body.push(QUOTE.exec(lines[index++]!)![1]!);
      blocks.push({ kind: 'quote', children: parseMarkdown(body.join('\n')) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const pattern = bullet ? BULLET : ORDERED;
      const items: string[] = [];
      while (index < lines.length) {
        const current = lines[index]!;
        const item = pattern.exec(current);
        if (item) items.push(item[2]!);
        else if (current.trim() && /^\s+/.test(current) && items.length > 0) {
          // An indented line continues the previous item (nested lists are flattened into it).
          items[items.length - 1] += ` ${current.trim()}`;
        } else break;
        index += 1;
      }
      blocks.push({
        kind: 'list',
        ordered: Boolean(ordered),
        start: ordered ? Number.parseInt(ordered[1]!, 10) : 1,
        items: items.map((item) => parseInline(item)),
      });
      continue;
    }
    const next = lines[index + 1];
    if (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next)) {
      const header = cells(line);
      const rows: InlineNode[][][] = [];
      index += 2;
      while (index < lines.length && lines[index]!.includes('|') && lines[index]!.trim())
        rows.push(cells(lines[index++]!));
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const paragraph: string[] = [];
    while (
      index < lines.length &&
      lines[index]!.trim() &&
      (paragraph.length === 0 || !startsBlock(lines[index]!))
    ) {
      paragraph.push(lines[index++]!.trim());
    }
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}
