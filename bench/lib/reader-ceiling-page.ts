/**
 * One page's ceilings for `bench/reader-ceiling.ts`: the page cleaned as the reader's normal pass
 * cleans it, with each removal recorded under the rule that made it, and oracles over its units.
 */
import {
  classVerdictOf,
  furnitureRoles,
  furnitureTags,
  isMarkedComment,
  isScreenReaderOnly,
  uselessTags,
} from '../../src/reader/html/boilerplate.js';
import { cleanPage } from '../../src/reader/html/clean-page.js';
import { isElement, isText, tagOf } from '../../src/reader/html/dom.js';
import { readMetadata } from '../../src/reader/html/metadata.js';
import { contentRootOf, parseDocument } from '../../src/reader/html/parse.js';
import { renderBlock } from '../../src/reader/html/render.js';
import { READER_SWITCHES } from '../../src/reader/html/switches.js';
import { textSyntax } from '../../src/reader/html/syntax.js';
import { CLASS_TOKEN_READINGS } from '../../src/reader/html/token-readings.js';
import { type Element, Node } from '../../src/reader/html/tree/index.js';
import { type Removal, type SnippetCeiling, snippetCeiling } from './reader-ceiling-snippets.js';
import { bagOfWords, bagOfWordsScores, normalizeWhitespace } from './text-metrics.js';

export interface PageCase {
  id: string;
  set: 'wcxb' | 'trafilatura';
  type: string;
  reference?: string;
  snippets?: { with: string[]; without: string[] };
}

export interface PageCeiling {
  id: string;
  set: string;
  type: string;
  /** WCXB: the reader's F1, P, R and the oracles' F1 over raw units, clean units, clean blocks. */
  f1?: number;
  precision?: number;
  recall?: number;
  rawOracle?: number;
  cleanOracle?: number;
  blockOracle?: number;
  /** Recall of everything on the page / everything left after cleaning. */
  rawRecall?: number;
  cleanRecall?: number;
  referenceWords?: number;
  /** Reference words (clipped) lost to cleaning, by rule. */
  lostByRule?: Record<string, number>;
  snippets?: SnippetCeiling;
}

let recording: Removal[] | undefined;
let phase = '';
const originalRemove = Node.prototype.remove;
Node.prototype.remove = function remove(this: Node) {
  if (recording && isElement(this) && this.parentNode) {
    const text = normalizeWhitespace(this.textContent);
    if (text !== '') recording.push({ rule: phase === 'product' ? 'product-extras' : ruleOf(this), text });
  }
  originalRemove.call(this);
};

const hiddenStyle = /(display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** The cleaning rule that removes `element` (read again from its markup, in `clean.ts`'s order). */
function ruleOf(element: Element): string {
  const tag = tagOf(element);
  if (uselessTags.has(tag))
    return ['script', 'style', 'noscript', 'button', 'svg', 'template'].includes(tag)
      ? `tag ${tag}`
      : 'tag other';
  const role = element.getAttribute('role') ?? '';
  if (role === 'dialog' || role === 'alertdialog' || element.getAttribute('aria-modal') === 'true')
    return 'dialog';
  if (element.hasAttribute('hidden')) return 'hidden attribute';
  if (element.getAttribute('aria-hidden') === 'true') return 'aria-hidden';
  if (hiddenStyle.test(element.getAttribute('style') ?? '')) return 'hiding style';
  if (isScreenReaderOnly(element)) return 'screen-reader only';
  if (element.hasAttribute('data-nosnippet')) return 'data-nosnippet';
  if (furnitureTags.has(tag)) return `tag ${tag}`;
  if (furnitureRoles.has(role)) return `role ${role}`;
  if (tag === 'form') return 'form';
  const verdict = classVerdictOf(element, CLASS_TOKEN_READINGS);
  if (verdict !== 'neutral' && verdict !== 'content') return `class ${verdict}`;
  if (isMarkedComment(element)) return 'marked comment';
  if (tag === 'a' || element.closest('h1, h2, h3, h4, h5, h6')) return 'edit link';
  return 'other';
}

/** The text nodes under `root`, each collapsed (scripts, styles and templates left out). */
function textUnitsOf(root: Element): string[] {
  const units: string[] = [];
  const walk = (element: Element) => {
    for (let node = element.firstChild; node !== null; node = node.nextSibling) {
      if (isText(node)) {
        const text = node.data.replace(/\s+/g, ' ');
        if (text.trim() !== '') units.push(text);
      } else if (isElement(node) && !['script', 'style', 'template'].includes(tagOf(node))) walk(node);
    }
  };
  walk(root);
  return units;
}

/** The normal pass's cleaning of the page (`cleanPage`, as `runOnePass` calls it), its removals recorded. */
function cleanedPage(html: string, url: string) {
  const document = parseDocument(html);
  const metadata = readMetadata(document);
  const root = contentRootOf(document);
  const rawUnits = textUnitsOf(root);
  const removals: Removal[] = [];
  try {
    cleanPage(document, metadata, { url, mode: 'normal', switches: READER_SWITCHES }, (stage) => {
      recording = removals;
      phase = stage;
    });
  } finally {
    recording = undefined;
  }
  const context = {
    syntax: textSyntax,
    baseUrl: undefined,
    images: false,
    links: false,
    wordBoundaries: READER_SWITCHES.wordBoundaries,
  };
  const blocks = renderBlock(root, context)
    .map(normalizeWhitespace)
    .filter((block) => block !== '');
  return {
    root,
    rawUnits,
    cleanUnits: textUnitsOf(root),
    blocks,
    removals,
    wholeText: normalizeWhitespace(document.documentElement?.textContent ?? ''),
  };
}

/** The best F1 of a greedy choice of units: best precision first, the best prefix kept. */
export function unitOracle(units: string[], reference: Map<string, number>): number {
  let referenceSize = 0;
  for (const count of reference.values()) referenceSize += count;
  if (referenceSize === 0) return 0;
  const scored = units.map((unit) => {
    const bag = bagOfWords(unit);
    let size = 0;
    let hits = 0;
    for (const [word, count] of bag) {
      size += count;
      hits += Math.min(count, reference.get(word) ?? 0);
    }
    return { bag, size, precision: size === 0 ? 0 : hits / size };
  });
  scored.sort((a, b) => b.precision - a.precision || b.size - a.size);
  const chosen = new Map<string, number>();
  let overlap = 0;
  let predicted = 0;
  let best = 0;
  for (const unit of scored) {
    if (unit.size === 0 || unit.precision === 0) break;
    for (const [word, count] of unit.bag) {
      const before = chosen.get(word) ?? 0;
      const limit = reference.get(word) ?? 0;
      overlap += Math.min(before + count, limit) - Math.min(before, limit);
      chosen.set(word, before + count);
    }
    predicted += unit.size;
    const precision = overlap / predicted;
    const recall = overlap / referenceSize;
    if (precision + recall > 0) best = Math.max(best, (2 * precision * recall) / (precision + recall));
  }
  return best;
}

/** Reference words left after cleaning missing, each given to the removed block holding it (scripts last). */
function lostWordsByRule(reference: Map<string, number>, clean: Map<string, number>, removals: Removal[]) {
  const missing = new Map<string, number>();
  for (const [word, count] of reference) {
    const lost = count - Math.min(count, clean.get(word) ?? 0);
    if (lost > 0) missing.set(word, lost);
  }
  const byRule: Record<string, number> = {};
  const ordered = [
    ...removals.filter((removal) => !/script|style/.test(removal.rule)),
    ...removals.filter((removal) => /script|style/.test(removal.rule)),
  ];
  for (const removal of ordered) {
    if (missing.size === 0) break;
    for (const [word, count] of bagOfWords(removal.text)) {
      const need = missing.get(word);
      if (!need) continue;
      const taken = Math.min(need, count);
      byRule[removal.rule] = (byRule[removal.rule] ?? 0) + taken;
      if (need === taken) missing.delete(word);
      else missing.set(word, need - taken);
    }
  }
  let rest = 0;
  for (const count of missing.values()) rest += count;
  if (rest > 0) byRule['not on page'] = rest;
  return byRule;
}

export function ceilingOfPage(html: string, url: string, text: string, page: PageCase): PageCeiling {
  const cleaned = cleanedPage(html, url);
  const row: PageCeiling = { id: page.id, set: page.set, type: page.type };
  if (page.reference !== undefined) {
    const reference = bagOfWords(page.reference);
    const scores = bagOfWordsScores(text, page.reference);
    const cleanBag = bagOfWords(cleaned.cleanUnits.join(' '));
    let referenceWords = 0;
    for (const count of reference.values()) referenceWords += count;
    Object.assign(row, {
      f1: scores.f1,
      precision: scores.precision,
      recall: scores.recall,
      rawOracle: unitOracle(cleaned.rawUnits, reference),
      cleanOracle: unitOracle(cleaned.cleanUnits, reference),
      blockOracle: unitOracle(cleaned.blocks, reference),
      rawRecall: bagOfWordsScores(cleaned.rawUnits.join(' '), page.reference).recall,
      cleanRecall: bagOfWordsScores(cleaned.cleanUnits.join(' '), page.reference).recall,
      referenceWords,
      lostByRule: lostWordsByRule(reference, cleanBag, cleaned.removals),
    });
  }
  if (page.snippets)
    row.snippets = snippetCeiling(page.snippets, text, { ...cleaned, rawText: cleaned.rawUnits.join('') });
  return row;
}
