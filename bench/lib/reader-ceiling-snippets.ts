/**
 * trafilatura's snippets against one page's stages (`bench/reader-ceiling.ts`): where each missed
 * `with` snippet was lost and whether each leaked `without` snippet could be left out by blocks.
 */
import { childElementsOf, tagOf } from '../../src/reader/html/dom.js';
import type { Element } from '../../src/reader/html/tree/index.js';
import { normalizeWhitespace } from './text-metrics.js';

/** What one cleaning rule removed from a page: the rule's name and the text that went. */
export interface Removal {
  rule: string;
  text: string;
}

export interface LeakedSnippet {
  snippet: string;
  /** selection: a block holds it that no won snippet needs; segmentation: only characters do; conflict: won snippets cover it. */
  kind: 'selection' | 'segmentation' | 'conflict';
  /** before the first / after the last won snippet in our output, or between. */
  position: 'before' | 'after' | 'between' | 'alone';
  /** The smallest cleaned element holding it and its ancestors, innermost first. */
  path: string[];
  linkShare: number;
  block: string;
}

export interface SnippetCeiling {
  with: number;
  without: number;
  tp: number;
  fp: number;
  /** Missed `with` snippets: not on the page, removed by cleaning (rule), or left out by selection. */
  missed: { snippet: string; stage: string }[];
  leaked: LeakedSnippet[];
  /** Oracles: won snippets in the cleaned body, and leaks no choice of blocks / characters avoids. */
  cleanTp: number;
  blockFp: number;
  charFp: number;
}

interface Stages {
  root: Element;
  blocks: string[];
  removals: Removal[];
  rawText: string;
  wholeText: string;
  rawUnits: string[];
}

function occurrences(text: string, snippet: string): number[] {
  const found: number[] = [];
  if (snippet === '') return found;
  for (let at = text.indexOf(snippet); at !== -1; at = text.indexOf(snippet, at + 1)) found.push(at);
  return found;
}

export function snippetCeiling(
  snippets: { with: string[]; without: string[] },
  output: string,
  stages: Stages,
): SnippetCeiling {
  const text = normalizeWhitespace(output);
  const starts: number[] = [];
  let clean = '';
  for (const block of stages.blocks) {
    starts.push(clean.length);
    clean += `${block} `;
  }
  const blockAt = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const rawSpaced = normalizeWhitespace(stages.rawUnits.join(' '));
  const rawJoined = normalizeWhitespace(stages.rawText);
  const result: SnippetCeiling = {
    with: snippets.with.length,
    without: snippets.without.length,
    tp: 0,
    fp: 0,
    missed: [],
    leaked: [],
    cleanTp: 0,
    blockFp: 0,
    charFp: 0,
  };
  const neededBlocks = new Set<number>();
  const covered: [number, number][] = [];
  const wonInOutput: number[] = [];
  for (const raw of snippets.with) {
    const snippet = normalizeWhitespace(raw);
    const inOutput = text !== '' && text.includes(snippet);
    if (inOutput) {
      result.tp++;
      wonInOutput.push(text.indexOf(snippet));
    }
    const at = clean.indexOf(snippet);
    if (at !== -1) {
      result.cleanTp++;
      for (let block = blockAt(at); block <= blockAt(at + snippet.length - 1); block++)
        neededBlocks.add(block);
      covered.push([at, at + snippet.length]);
    }
    if (inOutput) continue;
    let stage = 'selection';
    if (at === -1) {
      if (!rawSpaced.includes(snippet) && !rawJoined.includes(snippet))
        stage = stages.wholeText.includes(snippet) ? 'not on page: script or head' : 'not on page';
      else {
        const probe = snippet.slice(0, 25);
        const removal =
          stages.removals.find((candidate) => candidate.text.includes(snippet)) ??
          stages.removals.find((candidate) => candidate.text.includes(probe));
        stage = `cleaning: ${removal?.rule ?? 'split by rendering'}`;
      }
    }
    result.missed.push({ snippet, stage });
  }
  const withTexts = snippets.with.map(normalizeWhitespace);
  for (const raw of snippets.without) {
    const snippet = normalizeWhitespace(raw);
    const found = occurrences(clean, snippet);
    const blockAvoidable = found.every((at) => {
      for (let block = blockAt(at); block <= blockAt(at + snippet.length - 1); block++)
        if (!neededBlocks.has(block)) return true;
      return false;
    });
    const charAvoidable = found.every((at) => {
      for (let offset = at; offset < at + snippet.length; offset++)
        if (!covered.some(([from, to]) => offset >= from && offset < to)) return true;
      return false;
    });
    if (!blockAvoidable) result.blockFp++;
    if (!charAvoidable) result.charFp++;
    if (!(text === '' || text.includes(snippet))) continue;
    result.fp++;
    const at = text.indexOf(snippet);
    const position =
      wonInOutput.length === 0
        ? 'alone'
        : at < Math.min(...wonInOutput)
          ? 'before'
          : at > Math.max(...wonInOutput)
            ? 'after'
            : 'between';
    const conflict = withTexts.some((other) => other.includes(snippet)) || !charAvoidable;
    const where = contextOf(stages.root, snippet);
    result.leaked.push({
      snippet,
      kind: conflict ? 'conflict' : blockAvoidable ? 'selection' : 'segmentation',
      position,
      ...where,
      block: found.length > 0 ? stages.blocks[blockAt(found[0]!)]!.slice(0, 160) : '',
    });
  }
  return result;
}

function describe(element: Element): string {
  const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 3).join('.');
  const id = element.getAttribute('id');
  return `${tagOf(element)}${classes ? `.${classes}` : ''}${id ? `#${id}` : ''}`;
}

/** The smallest element whose text holds the snippet, its path and its share of letters in links. */
function contextOf(root: Element, snippet: string): { path: string[]; linkShare: number } {
  let element = root;
  for (;;) {
    const child = childElementsOf(element).find((candidate) =>
      normalizeWhitespace(candidate.textContent).includes(snippet),
    );
    if (!child) break;
    element = child;
  }
  const path: string[] = [];
  for (let at: Element | null = element; at && path.length < 6; at = at.parentElement)
    path.push(describe(at));
  const letters = normalizeWhitespace(element.textContent).length;
  let linked = 0;
  for (const link of element.querySelectorAll('a')) linked += normalizeWhitespace(link.textContent).length;
  if (element.closest('a')) linked = letters;
  return { path, linkShare: letters === 0 ? 0 : Math.min(1, linked / letters) };
}
