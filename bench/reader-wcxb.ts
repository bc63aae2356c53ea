/**
 * Main-content extraction on the WCXB dev split: bag-of-words F1 per page, mean per page type, and
 * speed (pages/second, peak RSS) for ours and for @mozilla/readability on linkedom.
 * Usage: npx tsx bench/reader-wcxb.ts [--limit N] [--type forum] [--only 0001,0002] [--no-baseline] [--verbose]
 *        (--verbose: the 25 worst pages, each with the blocks of ours mostly not in the reference and
 *        the reference's lines mostly missing from ours: what a page type loses, block by block)
 *        [--interleave]   (both extractors page by page: fairer timing on a busy machine)
 * Pages are read one at a time and only the extraction is timed. With NODE_OPTIONS=--expose-gc
 * each run starts after a full collection, so the RSS it adds over its start is its own.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractHtml } from '../src/reader/html/index.js';
import { readHtml, readJson, requireBenchmarkData } from './lib/benchmark-data.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import { bagOfWords, bagOfWordsScores } from './lib/text-metrics.js';
import { speedLine } from './lib/timing.js';

/** Blocks shown per page and side, and how many characters of each. */
const STRAY_LINES = 8;
const STRAY_LINE_LENGTH = 140;

interface GroundTruth {
  url: string;
  _internal?: { page_type?: { primary?: string } };
  ground_truth: { main_content?: string | null };
}

interface PageCase {
  id: string;
  url: string;
  type: string;
  /** The saved page, read when it is extracted: holding 1,358 pages at once would make the
   * garbage collector's work, not the extractors', dominate the timings. */
  htmlPath: string;
  reference: string;
}

const options = parseBenchmarkOptions();
const folder = requireBenchmarkData('wcxb/dev');
const cases: PageCase[] = [];
const names = readdirSync(join(folder, 'ground-truth'))
  .sort()
  .filter((_, index) => index % options.every === 0);
for (const name of names) {
  const id = name.replace(/\.json$/, '');
  if (options.only && !options.only.has(id)) continue;
  const truth = readJson<GroundTruth>(join(folder, 'ground-truth', name));
  const type = truth._internal?.page_type?.primary ?? 'unknown';
  if (options.type && type !== options.type) continue;
  const htmlPath = join(folder, 'html', `${id}.html.gz`);
  cases.push({ id, url: truth.url, type, htmlPath, reference: truth.ground_truth.main_content ?? '' });
  if (cases.length >= options.limit) break;
}

interface RunResult {
  f1ByPage: Map<string, number>;
  milliseconds: number;
  /** Each page's extraction time, in ms. */
  times: number[];
  peakRssBytes: number;
  /** RSS when the run started: the loaded pages and whatever earlier runs left. */
  startRssBytes: number;
  failures: number;
}

/**
 * Runs one extractor over every page, timing the extraction only (reading and unzipping the saved
 * page is not timed) and sampling the process's peak RSS.
 */
function run(extract: (html: string, page: PageCase) => string | undefined): RunResult {
  const f1ByPage = new Map<string, number>();
  let failures = 0;
  global.gc?.();
  const startRssBytes = process.memoryUsage.rss();
  let peakRssBytes = startRssBytes;
  let milliseconds = 0;
  const times: number[] = [];
  for (const page of cases) {
    const html = readHtml(page.htmlPath);
    let text: string | undefined;
    const started = performance.now();
    try {
      text = extract(html, page);
    } catch (error) {
      failures++;
      if (options.verbose) console.error(`failure on ${page.id}:`, error);
    }
    const elapsed = performance.now() - started;
    milliseconds += elapsed;
    times.push(elapsed);
    f1ByPage.set(page.id, bagOfWordsScores(text ?? '', page.reference).f1);
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
  }
  return { f1ByPage, milliseconds, times, peakRssBytes, startRssBytes, failures };
}

type Extractor = (html: string, page: PageCase) => string | undefined;

/**
 * Runs both extractors page by page (`--interleave`), which goes first alternating, so that a busy
 * machine's changing load falls on both alike; the peak RSS is then the process's, shared.
 */
function runInterleaved(first: Extractor, second: Extractor): [RunResult, RunResult] {
  const results: RunResult[] = [first, second].map(() => ({
    f1ByPage: new Map<string, number>(),
    milliseconds: 0,
    times: [],
    peakRssBytes: process.memoryUsage.rss(),
    startRssBytes: process.memoryUsage.rss(),
    failures: 0,
  }));
  const extractors = [first, second];
  cases.forEach((page, index) => {
    const html = readHtml(page.htmlPath);
    for (const which of index % 2 === 0 ? [0, 1] : [1, 0]) {
      const result = results[which]!;
      let text: string | undefined;
      const started = performance.now();
      try {
        text = extractors[which]!(html, page);
      } catch (error) {
        result.failures++;
        if (options.verbose) console.error(`failure on ${page.id}:`, error);
      }
      const elapsed = performance.now() - started;
      result.milliseconds += elapsed;
      result.times.push(elapsed);
      result.f1ByPage.set(page.id, bagOfWordsScores(text ?? '', page.reference).f1);
      result.peakRssBytes = Math.max(result.peakRssBytes, process.memoryUsage.rss());
    }
  });
  return [results[0]!, results[1]!];
}

const extractOurs: Extractor = (html, page) => extractHtml(html, { url: page.url }).text;
const extractBaseline: Extractor = (html) => runReadability(html)?.text;
const [ours, baseline] =
  options.baseline && process.argv.includes('--interleave')
    ? runInterleaved(extractOurs, extractBaseline)
    : [run(extractOurs), options.baseline ? run(extractBaseline) : undefined];

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
const types = [...new Set(cases.map((page) => page.type))].sort();
const rows = [...types, 'ALL'].map((type) => {
  const ids = cases.filter((page) => type === 'ALL' || page.type === type).map((page) => page.id);
  const ourMean = mean(ids.map((id) => ours.f1ByPage.get(id) ?? 0));
  const baselineMean = baseline ? mean(ids.map((id) => baseline.f1ByPage.get(id) ?? 0)) : Number.NaN;
  return `${type.padEnd(14)} ${String(ids.length).padStart(5)}  ${ourMean.toFixed(3)}   ${baseline ? baselineMean.toFixed(3) : '  -  '}`;
});
console.log(`WCXB dev: ${cases.length} pages`);
console.log('type           pages  ours    readability');
for (const row of rows) console.log(row);
const speed = (name: string, result: RunResult) =>
  console.log(
    `${name.padEnd(12)} ${(cases.length / (result.milliseconds / 1000)).toFixed(1)} pages/s  ${(result.milliseconds / cases.length).toFixed(1)} ms/page  peak RSS ${(result.peakRssBytes / 2 ** 20).toFixed(0)} MiB (+${((result.peakRssBytes - result.startRssBytes) / 2 ** 20).toFixed(0)} MiB over the start of its run)  failures ${result.failures}`,
  );
speed('ours', ours);
if (baseline) speed('readability', baseline);
console.log(speedLine(ours.times, baseline?.times ?? []));
if (options.verbose) {
  const worst = [...ours.f1ByPage].sort((a, b) => a[1] - b[1]).slice(0, 25);
  for (const [id, f1] of worst) {
    const page = cases.find((candidate) => candidate.id === id)!;
    const text = extractHtml(readHtml(page.htmlPath), { url: page.url }).text;
    const scores = bagOfWordsScores(text, page.reference);
    console.log(
      `worst ${id} ${page.type} F1 ${f1.toFixed(3)} P ${scores.precision.toFixed(2)} R ${scores.recall.toFixed(2)}  ${page.url}`,
    );
    for (const line of strayLines(text, page.reference)) console.log(`  + ${line}`);
    for (const line of strayLines(page.reference, text)) console.log(`  - ${line}`);
  }
}

/**
 * The lines (blocks: the renderer puts one on each line) of `text` with more than half their
 * words (three or more) missing from `other`, largest first, each with its missing/all word count.
 */
function strayLines(text: string, other: string): string[] {
  const otherWords = bagOfWords(other);
  const lines = text
    .split(/\n+/)
    .map((line) => {
      let words = 0;
      let missing = 0;
      for (const [word, count] of bagOfWords(line)) {
        words += count;
        if (!otherWords.has(word)) missing += count;
      }
      return { line: line.trim().slice(0, STRAY_LINE_LENGTH), words, missing };
    })
    .filter((entry) => entry.words >= 3 && entry.missing * 2 > entry.words)
    .sort((a, b) => b.missing - a.missing);
  return lines.slice(0, STRAY_LINES).map((entry) => `[${entry.missing}/${entry.words}] ${entry.line}`);
}
