import { codeLanguageOf, codeTextOf } from './code-text.js';
import { isElement, isText, tagOf } from './dom.js';
import { collapse, joinedLines } from './inline-space.js';
import { createSettled, expanded, type Settled, standsFor } from './settled-blocks.js';
import type { Syntax } from './syntax.js';
import { layoutCellsOf, renderDataTable, renderTable } from './table.js';
import type { Element } from './tree/index.js';
import { absoluteUrl, imageSourceOf } from './urls.js';
import { boxGapBefore, type WordBoundaries } from './word-boundaries.js';

/** What the walker needs to know while rendering one content tree. */
export interface RenderContext {
  syntax: Syntax;
  /** Base for relative links: `<base href>` resolved against the page URL. */
  baseUrl: string | undefined;
  /** Whether to write images (`![alt](url)`). */
  images: boolean;
  /** Whether to write links with their address (plain text writes only their words). */
  links: boolean;
  /** How many quotes and lists hold the element being rendered (default 0). */
  markedNesting?: number;
  /** How many emphasis elements (`<b>`, `<em>`, `<code>`…) hold the element being rendered (default 0). */
  emphasisNesting?: number;
  /** Which sibling boxes with nothing between them are written apart (see `boxGapBefore`); default none. */
  wordBoundaries?: WordBoundaries | false;
  /** Blocks written as paragraphs of inline content, set by the renderer for one element's rendering. */
  settled?: Settled;
}

/** `context` with the settled blocks of the rendering it starts, unless it has them. */
const withSettled = (context: RenderContext): RenderContext =>
  context.settled ? context : { ...context, settled: createSettled() };

/** Elements that start a new block; everything else flows inline. */
const blockTags = new Set(
  (
    'address article aside blockquote body caption center details dialog dd div dl dt fieldset figcaption figure ' +
    'footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol p pre section summary table ' +
    'tbody td tfoot th thead tr ul'
  ).split(' '),
);

/** Marks a paragraph break inside inline content (a block nested in an inline element). */
const PARAGRAPH = '\u0000';
/** Marks a hard line break (`<br>`) inside inline content. */
const LINE = '\u0001';

export function isBlock(element: Element): boolean {
  return blockTags.has(tagOf(element));
}

/**
 * How many quotes and lists nest at most with their own markers. Markdown writes every enclosing
 * quote's `>` and list's indent on each line, so text k levels down costs k times its length, and
 * each level re-reads what it holds to mark it: a page of 500 nested quotes took seconds for a
 * quarter of a megabyte. No reader tells levels apart that deep (markdown-it stops nesting at 100,
 * 20 in its CommonMark preset); deeper quotes and lists are written as plain blocks, as a `<div>` is.
 */
const MAX_MARKED_NESTING = 20;

/** Renders the children of `element` into a list of blocks. */
export function renderBlocks(element: Element, given: RenderContext): string[] {
  const context = withSettled(given);
  return expanded(blocksOf(element, context), context.settled);
}

/** The blocks of `element`'s children, stand-ins left in. */
function blocksOf(element: Element, context: RenderContext): string[] {
  const blocks: string[] = [];
  renderBlocksInto(element, context, blocks);
  return blocks;
}

/**
 * Adds the blocks of `element`'s children to `blocks`, the empty ones left out. One list for a whole
 * run of nested blocks: a list returned from each level and copied into the one above cost each
 * block once a level on a page of `<div>`s hundreds deep.
 */
function renderBlocksInto(element: Element, context: RenderContext, blocks: string[]): void {
  let inline = '';
  const flush = () => {
    for (const paragraph of paragraphsOf(inline, context.syntax, context.settled))
      addBlock(blocks, paragraph);
    inline = '';
  };
  for (let node = element.firstChild; node !== null; node = node.nextSibling) {
    if (isText(node)) inline += collapse(node.data);
    else if (isElement(node)) {
      if (isBlock(node)) {
        flush();
        if (rendersAsItsChildren(node, context)) renderBlocksInto(node, context, blocks);
        else if (tagOf(node) === 'table') renderTableInto(node, context, blocks);
        else for (const block of blockOf(node, context)) addBlock(blocks, block);
      } else inline += inlineOf(node, context);
    }
  }
  flush();
}

/** A layout table's cells go into the same list (layout tables nest, as `<div>`s do); a data table is one block. */
function renderTableInto(table: Element, context: RenderContext, blocks: string[]): void {
  const layoutCells = layoutCellsOf(table);
  if (layoutCells) for (const cell of layoutCells) renderBlocksInto(cell, context, blocks);
  else
    for (const block of renderDataTable(table, context.syntax, (cell) => renderBlocks(cell, context)))
      addBlock(blocks, block);
}

function addBlock(blocks: string[], block: string): void {
  if (block.trim() !== '') blocks.push(block);
}

/** Whether a block element is written as the blocks of its children, with no markup of its own. */
function rendersAsItsChildren(element: Element, context: RenderContext): boolean {
  const tag = tagOf(element);
  if (tag === 'ul' || tag === 'ol' || tag === 'menu' || tag === 'blockquote')
    return (context.markedNesting ?? 0) >= MAX_MARKED_NESTING;
  return !/^h[1-6]$/.test(tag) && tag !== 'pre' && tag !== 'table' && tag !== 'hr';
}

/** Renders one element, itself included (a list keeps its markers, a table its rows). */
export function renderBlock(element: Element, given: RenderContext): string[] {
  const context = withSettled(given);
  return expanded(blockOf(element, context), context.settled);
}

/** `renderBlock`, stand-ins left in. */
function blockOf(element: Element, context: RenderContext): string[] {
  if (!isBlock(element)) return paragraphsOf(renderInline(element, context), context.syntax, context.settled);
  if (rendersAsItsChildren(element, context)) return blocksOf(element, context);
  const { syntax, settled } = context;
  const tag = tagOf(element);
  if (/^h[1-6]$/.test(tag)) {
    const text = expanded(
      paragraphsOf(renderInlineChildren(element, context), syntax, settled),
      settled,
    ).join(' ');
    return text === '' ? [] : [syntax.heading(Number(tag[1]), text)];
  }
  if (tag === 'pre') return [syntax.codeBlock(codeTextOf(element), codeLanguageOf(element))];
  if (tag === 'table') return renderTable(element, syntax, (cell) => renderBlocks(cell, context));
  if (tag === 'hr') return syntax.rule === '' ? [] : [syntax.rule];
  const inner = { ...context, markedNesting: (context.markedNesting ?? 0) + 1 };
  if (tag === 'blockquote') {
    const quoted = renderBlocks(element, inner).join('\n\n');
    return quoted === '' ? [] : [syntax.quote(quoted)];
  }
  return renderList(element, inner);
}

function renderList(list: Element, context: RenderContext): string[] {
  const ordered = tagOf(list) === 'ol';
  const start = Number.parseInt(list.getAttribute('start') ?? '1', 10);
  let number = Number.isFinite(start) ? start : 1;
  const blocks: string[] = [];
  let items: string[] = [];
  let stray = '';
  // Text set straight inside a list (outside any item) is a paragraph of its own between the items;
  // without such text, an inline element there is an item of its own.
  const hasStrayText = list.childNodes.some((node) => isText(node) && node.data.trim() !== '');
  const flushStray = () => {
    const paragraphs = paragraphsOf(stray, context.syntax, context.settled);
    stray = '';
    if (paragraphs.length === 0) return;
    if (items.length > 0) blocks.push(items.join('\n'));
    items = [];
    for (const paragraph of paragraphs) blocks.push(paragraph);
  };
  for (let node = list.firstChild; node !== null; node = node.nextSibling) {
    if (isText(node)) {
      stray += collapse(node.data);
      continue;
    }
    if (!isElement(node)) continue;
    if (hasStrayText && tagOf(node) !== 'li' && !isBlock(node)) {
      stray += renderInline(node, context);
      continue;
    }
    flushStray();
    const content =
      tagOf(node) === 'li' ? renderBlocks(node, context).join('\n') : renderBlock(node, context).join('\n');
    if (content.trim() === '') continue;
    items.push(context.syntax.listItem(ordered ? `${number}.` : '-', content));
    number++;
  }
  flushStray();
  if (items.length > 0) blocks.push(items.join('\n'));
  return blocks;
}

/** Renders one inline element (link, emphasis, code, image...) to a string. */
export function renderInline(element: Element, context: RenderContext): string {
  const { syntax } = context;
  const tag = tagOf(element);
  if (tag === 'br') return LINE;
  if (tag === 'img') {
    if (!context.images) return '';
    const source = imageSourceOf(element, context.baseUrl);
    return source === undefined ? '' : syntax.image(element.getAttribute('alt') ?? '', source);
  }
  if (isBlock(element)) {
    // The blocks stand in as a mark and a number, not their text (see `Settled`).
    const { settled } = context;
    const blocks = settledBlocksOf(element, context);
    return `${PARAGRAPH}${settled ? `${settled.mark}${settled.lists.push(blocks) - 1}` : blocks.join(PARAGRAPH)}${PARAGRAPH}`;
  }
  const kind = emphasisKinds.get(tag);
  const emphasisNesting = context.emphasisNesting ?? 0;
  const inner = renderInlineChildren(
    element,
    // Code's own spans (a highlighter's tokens) are one text: none is a box apart.
    kind === undefined
      ? context
      : {
          ...context,
          emphasisNesting: emphasisNesting + 1,
          wordBoundaries: kind !== 'code' && context.wordBoundaries,
        },
  );
  if (tag === 'a') {
    // Resolving an address costs more than writing the words: plain text has no use for it.
    if (!context.links) return inner;
    const href = absoluteUrl(element.getAttribute('href'), context.baseUrl);
    return href === undefined || inner.includes(PARAGRAPH) ? inner : syntax.link(inner, href);
  }
  return kind === undefined || emphasisNesting >= MAX_MARKED_NESTING ? inner : syntax.emphasis(kind, inner);
}

/**
 * The emphasis each tag writes. Emphasis nests `MAX_MARKED_NESTING` deep at most: each level trims
 * and tests all the text below it, and a page of unclosed `<b>`s nests them hundreds deep.
 */
const emphasisKinds = new Map<string, 'strong' | 'em' | 'code' | 'strike'>([
  ['strong', 'strong'],
  ['b', 'strong'],
  ['em', 'em'],
  ['i', 'em'],
  ['code', 'code'],
  ['kbd', 'code'],
  ['samp', 'code'],
  ['tt', 'code'],
  ['s', 'strike'],
  ['del', 'strike'],
  ['strike', 'strike'],
]);

/** Renders the children of an element as inline content. */
export function renderInlineChildren(element: Element, context: RenderContext): string {
  let result = '';
  for (let node = element.firstChild; node !== null; node = node.nextSibling) {
    if (isText(node)) result += collapse(node.data);
    else if (isElement(node)) result += inlineOf(node, context);
  }
  return result;
}

/** An inline element among its siblings: `renderInline`, apart from a box just before it (see `boxGapBefore`). */
const inlineOf = (element: Element, context: RenderContext): string =>
  (context.wordBoundaries ? boxGapBefore(element, context.wordBoundaries) : '') +
  renderInline(element, context);

/**
 * The blocks of a block element set inside inline content, each written as a paragraph of that
 * content once. Writing a paragraph so again changes nothing (a hard break's two spaces become one
 * the first time), so the blocks of a stand-in, settled already, are left as they are.
 */
function settledBlocksOf(element: Element, context: RenderContext): string[] {
  const { settled, syntax } = context;
  const blocks: string[] = [];
  for (const block of blocksOf(element, context)) {
    const paragraph = standsFor(block, settled) ? block : paragraphOf(block, syntax);
    if (paragraph !== '') blocks.push(paragraph);
  }
  return blocks;
}

/** Turns collected inline content into finished paragraphs, stand-ins (see `Settled`) left in. */
export function paragraphsOf(inline: string, syntax: Syntax, settled?: Settled): string[] {
  const paragraphs: string[] = [];
  for (const part of inline.split(PARAGRAPH)) {
    const paragraph = standsFor(part, settled) ? part : paragraphOf(part, syntax);
    if (paragraph !== '') paragraphs.push(paragraph);
  }
  return paragraphs;
}

/** One paragraph of inline content, finished: spaces collapsed, line breaks written, its start escaped. */
function paragraphOf(inline: string, syntax: Syntax): string {
  const paragraph = joinedLines(inline, LINE, syntax.lineBreak);
  return paragraph === '' ? '' : syntax.escapeLineStart(paragraph);
}
