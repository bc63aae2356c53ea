/**
 * Two versions of the HTML reader side by side on every page of the visible extraction sets: this
 * checkout and another one (`--base <folder>`, e.g. a copy of main made with `git archive`). Each page
 * is read by both, which goes first turning with each page, so a busy machine slows both alike.
 * Prints whether every page's output (`extractHtmlWithDetails`: the page's markdown, text, links,
 * metadata and images, which opinion was taken, lost words) is byte-identical, the pages that differ,
 * and median and total CPU ms of each, with Readability's in the same run when `--readability` is given.
 * Usage: npx tsx bench/reader-speed-compare.ts --base /tmp/speed-base [--every N] [--limit N]
 *        [--set trafilatura|wcxb|mozilla] [--readability] [--rounds N]
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { extractHtmlWithDetails } from '../src/reader/html/index.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import { median } from './lib/timing.js';
import { htmlOf, visiblePages } from './lib/visible-pages.js';

type Extract = typeof extractHtmlWithDetails;

const argv = process.argv.slice(2);
const flagValue = (flag: string) => {
  const index = argv.indexOf(flag);
  return index === -1 ? undefined : argv[index + 1];
};
const options = parseBenchmarkOptions(argv);
const baseFolder = flagValue('--base');
const set = flagValue('--set');
const rounds = Number.parseInt(flagValue('--rounds') ?? '1', 10);
const withReadability = argv.includes('--readability');
if (!baseFolder) {
  console.log('Usage: npx tsx bench/reader-speed-compare.ts --base <folder of another checkout>');
  process.exit(1);
}
const base = (await import(resolve(baseFolder, 'src/reader/html/index.ts'))) as {
  extractHtmlWithDetails: Extract;
};

const pages = visiblePages()
  .filter((page) => set === undefined || page.id.startsWith(`${set}/`))
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);
const htmls = pages.map((page) => htmlOf(page));

function outcomeOf(extract: Extract, html: string, url: string): string {
  try {
    return JSON.stringify(extract(html, { url }));
  } catch (error) {
    return `threw ${error instanceof Error ? error.message : String(error)}`;
  }
}

const runners: Record<string, (html: string, url: string) => string> = {
  ours: (html, url) => outcomeOf(extractHtmlWithDetails, html, url),
  base: (html, url) => outcomeOf(base.extractHtmlWithDetails, html, url),
  ...(withReadability ? { readability: (html: string) => runReadability(html)?.text ?? '' } : {}),
};
const names = Object.keys(runners);
const times = new Map(names.map((name) => [name, [] as number[]]));
const differing: string[] = [];
const digests = new Map(['ours', 'base'].map((name) => [name, createHash('sha256')]));
let turn = 0;
for (let round = 0; round < rounds; round++) {
  pages.forEach((page, index) => {
    const outcomes = new Map<string, string>();
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(turn + offset) % names.length]!;
      // CPU time rather than wall time: on a machine shared with other work, waiting for a core is
      // not the reader's cost.
      const started = process.cpuUsage();
      outcomes.set(name, runners[name]!(htmls[index]!, page.url));
      const used = process.cpuUsage(started);
      times.get(name)!.push((used.user + used.system) / 1000);
    }
    turn++;
    if (round > 0) return;
    for (const name of ['ours', 'base']) digests.get(name)!.update(`${page.id}\n${outcomes.get(name)}\n`);
    if (outcomes.get('ours') !== outcomes.get('base')) differing.push(page.id);
  });
}

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
console.log(
  `${pages.length} pages × ${rounds}; load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const name of ['ours', 'base'])
  console.log(`digest ${name.padEnd(6)} ${digests.get(name)!.digest('hex')}`);
console.log(
  differing.length === 0
    ? 'output: identical on every page'
    : `output: ${differing.length} pages differ: ${differing.slice(0, 20).join(' ')}`,
);
for (const name of names) {
  const values = times.get(name)!;
  console.log(
    `${name.padEnd(12)} median ${median(values).toFixed(2)} ms/page  total ${total(values).toFixed(0)} ms  ${(values.length / (total(values) / 1000)).toFixed(1)} pages/s`,
  );
}
const ours = times.get('ours')!;
const baseTimes = times.get('base')!;
console.log(
  `ours/base: median ${(median(ours) / median(baseTimes)).toFixed(3)}, total ${(total(ours) / total(baseTimes)).toFixed(3)}`,
);
const readability = times.get('readability');
if (readability)
  console.log(
    `throughput vs readability: ours ${(total(readability) / total(ours)).toFixed(2)}x, base ${(total(readability) / total(baseTimes)).toFixed(2)}x`,
  );
