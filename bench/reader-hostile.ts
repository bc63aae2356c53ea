/**
 * The whole reader (`extractHtml`) on hostile pages of 0.25, 0.5, 1 and 2 MB (`bench/lib/hostile-pages.ts`):
 * CPU ms for each shape and size, and the growth per doubling (2.0 is linear; 4.0 is quadratic). A
 * shape whose page took longer than `--budget` seconds is not read at the larger sizes. Prints
 * `uptime`'s load with the figures. With `--base <folder>` (another checkout, e.g. main made with
 * `git archive`) each page is read by both in turn, and the base's figures print on the line below.
 * Usage: npx tsx bench/reader-hostile.ts [--shape <part of a name>] [--sizes 0.25,0.5,1,2] [--budget 20]
 *        [--base <folder>]
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { extractHtml } from '../src/reader/html/index.js';
import { HOSTILE_SHAPES } from './lib/hostile-pages.js';

const argv = process.argv.slice(2);
const flagValue = (flag: string) => {
  const index = argv.indexOf(flag);
  return index === -1 ? undefined : argv[index + 1];
};
const shapeFilter = flagValue('--shape');
const sizes = (flagValue('--sizes') ?? '0.25,0.5,1,2').split(',').map(Number);
const budgetMs = Number(flagValue('--budget') ?? '20') * 1000;
const baseFolder = flagValue('--base');

type Extract = typeof extractHtml;
const readers: [string, Extract][] = [['ours', extractHtml]];
if (baseFolder !== undefined) {
  const base = (await import(resolve(baseFolder, 'src/reader/html/index.ts'))) as { extractHtml: Extract };
  readers.push(['base', base.extractHtml]);
}

/** CPU ms (user + system) of extracting `html`. */
function extractMs(extract: Extract, html: string): number {
  const started = process.cpuUsage();
  extract(html, { url: 'https://example.com/hostile' });
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`load ${load()}`);
console.log(
  `${'shape'.padEnd(24)}${sizes.map((size) => `${size} MB`.padStart(10)).join('')}   growth per doubling`,
);
for (const shape of HOSTILE_SHAPES) {
  if (shapeFilter !== undefined && !shape.name.includes(shapeFilter)) continue;
  const times = new Map(readers.map(([name]) => [name, [] as number[]]));
  // Each reader stops past the budget on its own; the one that goes first turns with each size.
  sizes.forEach((size, index) => {
    const html = shape.make(Math.round(size * 1024 * 1024));
    for (let offset = 0; offset < readers.length; offset++) {
      const [name, extract] = readers[(index + offset) % readers.length]!;
      const own = times.get(name)!;
      if (own.length === index && (own[index - 1] ?? 0) <= budgetMs) own.push(extractMs(extract, html));
    }
  });
  for (const [name, own] of times) {
    const growth = own.slice(1).map((time, index) => (time / Math.max(own[index]!, 1)).toFixed(2));
    const cells = sizes.map((_, index) =>
      (own[index] === undefined ? '-' : own[index]!.toFixed(0)).padStart(10),
    );
    const label = name === 'ours' ? shape.name : `  ${name}`;
    console.log(`${label.padEnd(24)}${cells.join('')}   ${growth.join(' ')}`);
  }
}
console.log(`load ${load()}`);
