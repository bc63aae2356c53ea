/**
 * Parsing alone: the reader's page tree (htmlparser2 into src/reader/html/tree) against linkedom's
 * DOM, on the same pages in the same run, page by page (which goes first turns with each page), and
 * htmlparser2 with no tree at all as the floor. Prints the median ms a page and pages a second, and
 * with NODE_OPTIONS=--expose-gc the heap a parsed page holds (trees of 100 pages kept at once).
 * Usage: npx tsx bench/reader-parse.ts [--every N] [--limit N]
 */
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { parseHtml } from '../src/reader/html/tree/index.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { median } from './lib/timing.js';
import { htmlOf, visiblePages } from './lib/visible-pages.js';

const options = parseBenchmarkOptions();
const pages = visiblePages()
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);
if (pages.length === 0) {
  console.log('No visible extraction set found beside the repository; nothing to measure. Skipping.');
  process.exit(0);
}

const parsers: Record<string, (html: string) => unknown> = {
  'page tree': (html) => parseHtml(html),
  linkedom: (html) => parseHTML(html),
  'htmlparser2 alone': (html) =>
    new Parser({}, { decodeEntities: true, lowerCaseAttributeNames: true }).end(html),
};
const names = Object.keys(parsers);
const times = new Map(names.map((name) => [name, [] as number[]]));
pages.forEach((page, index) => {
  const html = htmlOf(page);
  for (let offset = 0; offset < names.length; offset++) {
    const name = names[(index + offset) % names.length]!;
    const started = performance.now();
    parsers[name]!(html);
    times.get(name)!.push(performance.now() - started);
  }
});
const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
console.log(`${pages.length} pages of the visible extraction sets`);
for (const name of names) {
  const values = times.get(name)!;
  console.log(
    `${name.padEnd(18)} median ${median(values).toFixed(2)} ms/page  ${(values.length / (total(values) / 1000)).toFixed(1)} pages/s`,
  );
}
const ours = times.get('page tree')!;
const theirs = times.get('linkedom')!;
console.log(
  `page tree/linkedom: median ${(median(ours) / median(theirs)).toFixed(2)}, total ${(total(ours) / total(theirs)).toFixed(2)}`,
);

/** Heap held by the trees of the first pages, all kept at once, measured between full collections. */
function retainedMiB(parse: (html: string) => unknown, htmls: string[]): number {
  const collect = (globalThis as { gc?: () => void }).gc!;
  collect();
  const before = process.memoryUsage().heapUsed;
  const kept = htmls.map((html) => parse(html));
  collect();
  const after = process.memoryUsage().heapUsed;
  if (kept.length !== htmls.length) throw new Error('unreachable: keeps the trees alive until here');
  return (after - before) / 2 ** 20;
}

if (typeof (globalThis as { gc?: unknown }).gc === 'function') {
  const htmls = pages.slice(0, 100).map((page) => htmlOf(page));
  const htmlMiB = htmls.reduce((sum, html) => sum + html.length, 0) / 2 ** 20;
  const tree = retainedMiB(parsers['page tree']!, htmls);
  const dom = retainedMiB(parsers.linkedom!, htmls);
  console.log(
    `heap held by ${htmls.length} parsed pages (${htmlMiB.toFixed(1)} M characters of HTML): page tree ${tree.toFixed(1)} MiB, linkedom ${dom.toFixed(1)} MiB, page tree/linkedom ${(tree / dom).toFixed(2)}`,
  );
} else console.log('heap held by parsed pages: run with NODE_OPTIONS=--expose-gc to measure it');
