import { isLiveHref, type MarkdownNode, markdownTree } from '../markdown/index.js';
import type { DocumentBlock, TextRun } from './blocks.js';
import { printable } from './printable.js';

/** Style inherited by the runs inside a span. */
type Style = Omit<TextRun, 'text'>;

interface WalkOptions {
  /** How many references the document lists: a citation beyond them stays plain text. */
  references: number;
}

const SPANS: Record<string, Style> = { strong: { bold: true }, em: { italic: true }, s: { strike: true } };

/** The runs of an inline node's children, styles and links carried down. */
function inlineRuns(nodes: readonly MarkdownNode[], style: Style, options: WalkOptions): TextRun[] {
  const runs: TextRun[] = [];
  const push = (text: string, extra: Style = {}) => {
    const clean = printable(text);
    if (clean) runs.push({ ...style, ...extra, text: clean });
  };
  for (const node of nodes) {
    const { token } = node;
    if (node.type in SPANS)
      runs.push(...inlineRuns(node.children, { ...style, ...SPANS[node.type] }, options));
    else if (node.type === 'link') {
      const href = String(token.attrGet('href') ?? '');
      // The parser only accepts live targets; a link it let through with another one stays text.
      const link = isLiveHref(href) ? { href } : {};
      runs.push(...inlineRuns(node.children, { ...style, ...link }, options));
    } else if (node.type === 'citation') {
      const number = Number(token.meta?.number);
      const inRange = Number.isInteger(number) && number >= 1 && number <= options.references;
      push(`[${number}]`, inRange ? { reference: number } : {});
    } else if (node.type === 'code_inline') push(token.content, { code: true });
    else if (node.type === 'softbreak') push(' ');
    else if (node.type === 'hardbreak') push('\n');
    // Text, and any token this walk does not know, shows its source text.
    else push(token.content);
  }
  return runs;
}

const inlineOf = (node: MarkdownNode, options: WalkOptions): TextRun[] =>
  node.children.flatMap((child) => (child.type === 'inline' ? inlineRuns(child.children, {}, options) : []));

interface Context {
  depth: number;
  quote: boolean;
  marker?: string;
}

function tableRows(table: MarkdownNode, options: WalkOptions): { rows: TextRun[][][]; headerRows: number } {
  const rows: TextRun[][][] = [];
  let headerRows = 0;
  for (const section of table.children) {
    for (const row of section.children) {
      rows.push(row.children.map((cell) => inlineOf(cell, options)));
      if (section.type === 'thead') headerRows += 1;
    }
  }
  return { rows, headerRows };
}

function walk(nodes: readonly MarkdownNode[], context: Context, options: WalkOptions): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  for (const node of nodes) {
    const { token } = node;
    switch (node.type) {
      case 'heading':
        blocks.push({
          kind: 'heading',
          level: Number(token.tag.slice(1)) || 1,
          runs: inlineOf(node, options),
        });
        break;
      case 'paragraph': {
        const runs = inlineOf(node, options);
        const marker = context.marker;
        // Only the first paragraph of a list item carries its marker.
        context.marker = undefined;
        if (runs.length > 0 || marker)
          blocks.push({
            kind: 'paragraph',
            runs,
            depth: context.depth,
            marker,
            quote: context.quote || undefined,
          });
        break;
      }
      case 'bullet_list':
      case 'ordered_list': {
        const start = Number(token.attrGet('start') ?? 1);
        node.children.forEach((item, position) => {
          const marker = node.type === 'bullet_list' ? '•' : `${start + position}.`;
          blocks.push(...walk(item.children, { ...context, depth: context.depth + 1, marker }, options));
        });
        break;
      }
      case 'blockquote':
        blocks.push(...walk(node.children, { depth: context.depth + 1, quote: true }, options));
        break;
      case 'fence':
      case 'code_block':
        blocks.push({
          kind: 'code',
          text: printable(token.content.replace(/\n$/, '')),
          depth: context.depth,
        });
        break;
      case 'table':
        blocks.push({ kind: 'table', ...tableRows(node, options) });
        break;
      case 'hr':
        blocks.push({ kind: 'rule' });
        break;
      default: {
        // A block this walk does not know keeps its text.
        const text = printable(token.content);
        if (text.trim()) blocks.push({ kind: 'paragraph', runs: [{ text }], depth: context.depth });
      }
    }
  }
  return blocks;
}

/** Markdown as document blocks, citation markers `[n]` linked when reference `n` is listed. */
export function markdownBlocks(text: string, options: WalkOptions): DocumentBlock[] {
  return walk(markdownTree(text), { depth: 0, quote: false }, options);
}
