/**
 * Throughput of the reader and of Readability, each alone in a process of its own, over the same
 * pages of the visible extraction sets: in one process the two share a heap, and the time one spends
 * collecting the other's garbage is charged to whichever happens to be running (in
 * `bench/reader-trafilatura.ts` Readability's mean page is faster beside ours than alone). Rounds
 * take turns (ours first, then Readability first), each page timed once per round as the other
 * benches time it; prints each round's mean and median and, per pair of rounds, ours against
 * Readability: throughput (pages a second over the time spent extracting) and median, with the
 * median and spread over the pairs, and the load.
 * Usage: npx tsx bench/reader-throughput-alone.ts [--set trafilatura|wcxb|mozilla] [--rounds N] [--limit N]
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { extractHtml } from '../src/reader/html/index.js';
import { flagValue, parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import { median } from './lib/timing.js';
import { htmlOf, visiblePages } from './lib/visible-pages.js';

const argv = process.argv.slice(2);
const options = parseBenchmarkOptions(argv);
const set = flagValue('--set', argv) ?? 'trafilatura';
const child = flagValue('--child', argv);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface RoundResult {
  extractor: 'ours' | 'readability';
  pages: number;
  totalMs: number;
  medianMs: number;
}

/** One extractor over the pages, each timed once: what a child process prints as JSON. */
function runAlone(extractor: RoundResult['extractor']): RoundResult {
  const pages = visiblePages()
    .filter((page) => page.id.startsWith(`${set}/`))
    .filter((_, index) => index % options.every === 0)
    .slice(0, options.limit)
    .map((page) => ({ url: page.url, html: htmlOf(page) }));
  const times: number[] = [];
  for (const page of pages) {
    const started = performance.now();
    if (extractor === 'ours') extractHtml(page.html, { url: page.url });
    else runReadability(page.html);
    times.push(performance.now() - started);
  }
  return {
    extractor,
    pages: pages.length,
    totalMs: times.reduce((sum, time) => sum + time, 0),
    medianMs: median(times),
  };
}

if (child === 'ours' || child === 'readability') {
  console.log(JSON.stringify(runAlone(child)));
} else {
  if (!['trafilatura', 'wcxb', 'mozilla'].includes(set)) {
    console.error(`--set must be trafilatura, wcxb or mozilla, got "${set}".`);
    process.exit(1);
  }
  const rounds = Number.parseInt(flagValue('--rounds', argv) ?? '3', 10);
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error(`--rounds must be a whole number (1 or more), got "${flagValue('--rounds', argv)}".`);
    process.exit(1);
  }
  const self = fileURLToPath(import.meta.url);
  const inChild = (extractor: RoundResult['extractor']): RoundResult => {
    const output = execFileSync(
      process.execPath,
      [...process.execArgv, self, ...argv, '--child', extractor],
      {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const last = output.trim().split('\n').at(-1) ?? '';
    return JSON.parse(last) as RoundResult;
  };
  const describe = (result: RoundResult) =>
    `${result.extractor.padEnd(11)} ${result.pages} pages, mean ${(result.totalMs / result.pages).toFixed(2)} ms, median ${result.medianMs.toFixed(2)} ms`;
  const throughputs: number[] = [];
  const medians: number[] = [];
  console.log(`${set}: each extractor alone in its own process, ${rounds} pairs of rounds; load ${load()}`);
  for (let round = 0; round < rounds; round++) {
    const order: Array<RoundResult['extractor']> =
      round % 2 === 0 ? ['ours', 'readability'] : ['readability', 'ours'];
    const results = order.map(inChild);
    const ours = results.find((result) => result.extractor === 'ours')!;
    const readability = results.find((result) => result.extractor === 'readability')!;
    const throughput = readability.totalMs / ours.totalMs;
    throughputs.push(throughput);
    medians.push(readability.medianMs / ours.medianMs);
    console.log(
      `pair ${round + 1}: ${describe(ours)}; ${describe(readability)}; throughput ${throughput.toFixed(2)}x, median ${(readability.medianMs / ours.medianMs).toFixed(2)}x`,
    );
  }
  const spread = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  console.log(
    `ours against Readability: throughput ${median(throughputs).toFixed(2)}x (${spread(throughputs)}), median page ${median(medians).toFixed(2)}x (${spread(medians)}); load ${load()}`,
  );
}
