/**
 * A digest of what the HTML extractor gives on every page of the visible extraction sets (markdown,
 * text, title, links and the rest of the extracted page), set by set: two versions of the reader
 * that give the same digests extract every page the same, which is stronger than an unchanged F1.
 * Prints the CPU ms the extractions took and `uptime`'s load beside the digests.
 * Usage: npx tsx bench/reader-digest.ts [--every N] [--limit N] [--verbose]   (--verbose: a digest per page)
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { extractHtml } from '../src/reader/html/index.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { htmlOf, visiblePages } from './lib/visible-pages.js';

const options = parseBenchmarkOptions();
const pages = visiblePages()
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);
if (pages.length === 0) {
  console.log('No visible extraction set found beside the repository: nothing to digest.');
  process.exit(0);
}
console.log(
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
const bySet = new Map<string, ReturnType<typeof createHash>>();
const whole = createHash('sha256');
let cpuMicros = 0;
for (const page of pages) {
  const html = htmlOf(page);
  const started = process.cpuUsage();
  let outcome: string;
  try {
    outcome = JSON.stringify(extractHtml(html, { url: page.url }));
  } catch (error) {
    outcome = `threw ${error instanceof Error ? error.message : String(error)}`;
  }
  const used = process.cpuUsage(started);
  cpuMicros += used.user + used.system;
  const set = page.id.split('/')[0]!;
  const hash = bySet.get(set) ?? createHash('sha256');
  bySet.set(set, hash);
  hash.update(`${page.id}\n${outcome}\n`);
  whole.update(`${page.id}\n${outcome}\n`);
  if (options.verbose)
    console.log(`${page.id} ${createHash('sha256').update(outcome).digest('hex').slice(0, 16)}`);
}
for (const [set, hash] of bySet) console.log(`${set.padEnd(12)} ${hash.digest('hex')}`);
console.log(`${'all'.padEnd(12)} ${whole.digest('hex')}`);
console.log(`${pages.length} pages, ${(cpuMicros / 1000).toFixed(0)} ms of CPU extracting`);
