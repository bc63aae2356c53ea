/**
 * htmlparser2's open-tag stack as it comes (an array changed at its front) against the one the page
 * tree gives it once a page nests past `MAX_TREE_DEPTH` (`makeOpenTagsLinear`), in the same run: CPU ms to parse pages of `<div>`s nested
 * 10,000 to 160,000 deep (the two take turns), and the median ms a page on the visible extraction
 * sets (normal pages), where the two must cost the same; then the CPU ms of extracting a whole article
 * (`extractHtml`: parse, cleaning, choice, pruning, rendering) whose middle paragraph sits that deep.
 * Prints `uptime`'s load with the figures.
 * Usage: npx tsx bench/reader-deep-nesting.ts [--every N] [--limit N]
 *
 * Extraction, CPU ms, median of three; two runs of this bench one after the other on 2026-12-02 (a
 * 2-core machine at load 6.9), before and after the pruning rules learned each element's text and
 * first heading in one walk (`SubtreeFacts`) instead of re-walking the content below every level:
 *   depth  10,000:  before    884 ms, after   208 ms
 *   depth  40,000:  before  2,967 ms, after   732 ms
 *   depth 160,000:  before 16,142 ms, after 3,084 ms
 * Last, an article followed by a block of 2,000, 4,000 and 8,000 linked headings (the teaser-card
 * rule asked the length of that block once for each heading), one extraction each, the same day at
 * load 11: before 1,945, 6,641 and 39,232 ms; after 884, 805 and 1,754 ms.
 */
import { loadavg } from 'node:os';
import { Parser } from 'htmlparser2';
import { extractHtml } from '../src/reader/html/index.js';
import { MAX_TREE_DEPTH, makeOpenTagsLinear } from '../src/reader/html/tree/index.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { median } from './lib/timing.js';
import { htmlOf, visiblePages } from './lib/visible-pages.js';

/**
 * CPU ms (user + system) of one parse, with the stack as it comes or, as the page tree does, made
 * linear once `MAX_TREE_DEPTH` tags are open.
 */
function parseMs(html: string, linear: boolean): number {
  const started = process.cpuUsage();
  let open = 0;
  const parser: Parser = new Parser(
    {
      onopentag() {
        if (++open > MAX_TREE_DEPTH && linear) makeOpenTagsLinear(parser);
      },
      onclosetag() {
        open--;
      },
      ontext() {},
    },
    { decodeEntities: true },
  );
  parser.end(html);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

console.log(
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const depth of [10_000, 20_000, 40_000, 80_000, 160_000]) {
  const html = `<html><body>${'<div>'.repeat(depth)}<p>deep</p>${'</div>'.repeat(depth)}</body></html>`;
  const asItComes: number[] = [];
  const linear: number[] = [];
  for (let round = 0; round < 3; round++) {
    const first = round % 2 === 0;
    (first ? linear : asItComes).push(parseMs(html, first));
    (first ? asItComes : linear).push(parseMs(html, !first));
  }
  console.log(
    `depth ${String(depth).padStart(7)}: as it comes ${median(asItComes).toFixed(0).padStart(6)} ms, linear ${median(linear).toFixed(0).padStart(4)} ms`,
  );
}

const options = parseBenchmarkOptions();
const pages = visiblePages()
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);
if (pages.length === 0) {
  console.log('No visible extraction set found beside the repository: normal pages not measured.');
} else {
  const asItComes: number[] = [];
  const linear: number[] = [];
  pages.forEach((page, index) => {
    const html = htmlOf(page);
    const first = index % 2 === 0;
    (first ? linear : asItComes).push(parseMs(html, first));
    (first ? asItComes : linear).push(parseMs(html, !first));
  });
  console.log(
    `${pages.length} normal pages: as it comes median ${median(asItComes).toFixed(2)} ms/page, linear ${median(linear).toFixed(2)} ms/page`,
  );
}

/** CPU ms (user + system) of extracting `html` as a page of example.com. */
function extractMs(html: string): number {
  const started = process.cpuUsage();
  extractHtml(html, { url: 'https://example.com/harbour' });
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const paragraph = (topic: string) =>
  `<p>The ${topic} was discussed at length, and everyone agreed that it needed more careful study.</p>`;
for (const depth of [10_000, 40_000, 160_000]) {
  const html = `<html><body><article><h1>Harbour plans</h1>${paragraph('harbour')}${'<div>'.repeat(depth)}${paragraph('deep budget')}${'</div>'.repeat(depth)}${paragraph('ferry')}</article></body></html>`;
  const times = [extractMs(html), extractMs(html), extractMs(html)];
  console.log(`extraction, depth ${String(depth).padStart(7)}: ${median(times).toFixed(0).padStart(6)} ms`);
}

for (const count of [2_000, 4_000, 8_000]) {
  const prose = Array.from({ length: count * 2 }, (_, index) => paragraph(`harbour ${index}`)).join('');
  const teasers = Array.from(
    { length: count },
    (_, index) => `<h3><a href="/story/${index}">Another story about the harbour, number ${index}</a></h3>`,
  ).join('');
  const html = `<html><head><meta property="og:type" content="article"></head><body><article><h1>Harbour plans</h1><div>${prose}<div>${teasers}</div></div></article></body></html>`;
  console.log(
    `extraction, ${String(count).padStart(5)} linked headings: ${extractMs(html).toFixed(0).padStart(6)} ms`,
  );
}
