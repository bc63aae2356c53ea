import { describe, expect, it } from 'vitest';
import { isElement } from './dom.js';
import { parseDocument } from './parse.js';
import { pruneContent } from './prune.js';
import type { Element, Node } from './tree/index.js';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

/**
 * Makes every step from a node to its first child or next sibling, the two links every walk of the
 * tree follows, count itself. Returns the count so far and how many nodes there are.
 */
function countSteps(root: Node): { steps: () => number; nodes: number } {
  let steps = 0;
  const nodes: Node[] = [];
  const pending: Node[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    nodes.push(node);
    for (let child = node.firstChild; child !== null; child = child.nextSibling) pending.push(child);
  }
  for (const node of nodes) {
    for (const link of ['firstChild', 'nextSibling'] as const) {
      let value = node[link];
      Object.defineProperty(node, link, {
        get: () => {
          steps++;
          return value;
        },
        set: (next: Node | null) => {
          value = next;
        },
      });
    }
  }
  return { steps: () => steps, nodes: nodes.length };
}

/** An article whose middle paragraph sits `levels` `<div>`s deep, with a dateline and a related list. */
function deepArticle(levels: number): Element {
  const document = parseDocument(
    `<html><body><article><h1>Harbour plans</h1><p>Published 3 March 2024</p><p>${sentence('harbour')}</p>${'<div>'.repeat(levels)}<p>${sentence('deep budget')}</p>${'</div>'.repeat(levels)}<p>${sentence('ferry')}</p><h2>Related stories</h2><ul><li><a href="/a">Another story about the harbour</a></li></ul></article></body></html>`,
  );
  const article = document.querySelector('article');
  if (article === null || !isElement(article)) throw new Error('The page has no article.');
  return article;
}

/** An article of paragraphs followed by a block of `count` linked headings (teasers). */
function articleWithTeasers(count: number): Element {
  const paragraphs = Array.from(
    { length: count * 2 },
    (_, index) => `<p>${sentence(`harbour ${index}`)}</p>`,
  );
  const teasers = Array.from(
    { length: count },
    (_, index) => `<h3><a href="/story/${index}">Another story about the harbour, number ${index}</a></h3>`,
  );
  const document = parseDocument(
    `<html><body><article><h1>Harbour plans</h1>${paragraphs.join('')}<div>${teasers.join('')}</div></article></body></html>`,
  );
  const article = document.querySelector('article');
  if (article === null || !isElement(article)) throw new Error('The page has no article.');
  return article;
}

describe('pruneContent', () => {
  it('walks a page nesting elements 20,000 deep a few times, not once for each level', () => {
    const article = deepArticle(20_000);
    const { steps, nodes } = countSteps(article);
    const [kept] = pruneContent([article], { discussion: false, article: true });
    const text = kept?.textContent ?? '';
    for (const sentenceKept of [sentence('harbour'), sentence('deep budget'), sentence('ferry')])
      expect(text).toContain(sentenceKept);
    expect(text).not.toContain('Related stories');
    // The tree stops nesting 512 deep, and the rest of the 20,000 `<div>`s sit side by side at the
    // bottom. The pruning rules once re-walked everything below each of the 512 levels (about
    // 6,000 steps a node); now each rule walks the content about once (about 36 steps a node).
    expect(steps() / nodes).toBeLessThan(100);
  });

  it('measures the blocks around 2,000 linked headings once, not once for each heading', () => {
    const article = articleWithTeasers(2_000);
    const { steps, nodes } = countSteps(article);
    const [kept] = pruneContent([article], { discussion: false, article: true });
    const text = kept?.textContent ?? '';
    expect(text).toContain(sentence('harbour 3999'));
    // Each linked heading asked the length of the block holding all of them (about 2,600 steps a
    // node); the blocks' lengths are now learned in one walk (about 37).
    expect(steps() / nodes).toBeLessThan(100);
  });
});
