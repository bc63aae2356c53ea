/**
 * Main-content extraction on the WCXB dev split: bag-of-words F1 per page, mean per page type, and
 * speed (pages/second, peak RSS) for ours and for @mozilla/readability on linkedom.
 * Usage: npx tsx bench/reader-wcxb.ts [--limit N] [--type forum] [--only 0001,0002] [--no-baseline] [--verbose]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractHtml } from '../src/reader/html/index.js';
import { readJson, readText, requireBenchmarkData } from './lib/benchmark-data.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import { bagOfWordsScores } from './lib/text-metrics.js';

interface GroundTruth {
  url: string;
  _internal?: { page_type?: { primary?: string } };
  ground_truth: { main_content?: string | null };
}

interface PageCase {
  id: string;
  url: string;
  type: string;
  html: string;
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
  const html = readText(join(folder, 'html', `${id}.html.gz`));
  cases.push({ id, url: truth.url, type, html, reference: truth.ground_truth.main_content ?? '' });
  if (cases.length >= options.limit) break;
}

interface RunResult {
  f1ByPage: Map<string, number>;
  milliseconds: number;
  peakRssBytes: number;
  failures: number;
}

/** Runs one extractor over every page, timing it and sampling the process's peak RSS. */
function run(extract: (page: PageCase) => string | undefined): RunResult {
  const f1ByPage = new Map<string, number>();
  let failures = 0;
  let peakRssBytes = process.memoryUsage.rss();
  global.gc?.();
  const started = performance.now();
  for (const page of cases) {
    let text: string | undefined;
    try {
      text = extract(page);
    } catch (error) {
      failures++;
      if (options.verbose) console.error(`failure on ${page.id}:`, error);
    }
    if (text === undefined) failures += 0;
    f1ByPage.set(page.id, bagOfWordsScores(text ?? '', page.reference).f1);
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
  }
  return { f1ByPage, milliseconds: performance.now() - started, peakRssBytes, failures };
}

const ours = run((page) => extractHtml(page.html, { url: page.url }).text);
const baseline = options.baseline ? run((page) => runReadability(page.html)?.text) : undefined;

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
    `${name.padEnd(12)} ${(cases.length / (result.milliseconds / 1000)).toFixed(1)} pages/s  ${(result.milliseconds / cases.length).toFixed(1)} ms/page  peak RSS ${(result.peakRssBytes / 2 ** 20).toFixed(0)} MiB  failures ${result.failures}`,
  );
speed('ours', ours);
if (baseline) speed('readability', baseline);
if (options.verbose) {
  const worst = [...ours.f1ByPage].sort((a, b) => a[1] - b[1]).slice(0, 25);
  for (const [id, f1] of worst) {
    const page = cases.find((candidate) => candidate.id === id)!;
    const scores = bagOfWordsScores(extractHtml(page.html, { url: page.url }).text, page.reference);
    console.log(
      `worst ${id} ${page.type} F1 ${f1.toFixed(3)} P ${scores.precision.toFixed(2)} R ${scores.recall.toFixed(2)}`,
    );
  }
}
