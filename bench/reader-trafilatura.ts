/**
 * Main-text extraction on the trafilatura evaluation set: snippet containment, micro-averaged F1.
 * Usage: npx tsx bench/reader-trafilatura.ts [--limit N] [--only file,file] [--no-baseline] [--verbose]
 *        [--without-second-opinion]   (also ours without Readability's second opinion: its gain and cost)
 */
import { join } from 'node:path';
import { extractHtml, extractHtmlWithDetails } from '../src/reader/html/index.js';
import { readJson, readTrafilaturaPage, requireBenchmarkData } from './lib/benchmark-data.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import {
  addSnippetCounts,
  emptySnippetCounts,
  normalizeWhitespace,
  type SnippetCounts,
  snippetScores,
} from './lib/text-metrics.js';
import { speedLine } from './lib/timing.js';

interface EvalEntry {
  file: string;
  with: string[];
  without: string[];
}

const options = parseBenchmarkOptions();
const folder = requireBenchmarkData('trafilatura-eval');
const entries = Object.entries(readJson<Record<string, EvalEntry>>(join(folder, 'evaldata.json')))
  .filter(([, entry]) => !options.only || options.only.has(entry.file))
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);

const ours = emptySnippetCounts();
const baseline = emptySnippetCounts();
let crashes = 0;
let ourTime = 0;
const ourTimes: number[] = [];
const baselineTimes: number[] = [];
const compareSecondOpinion = process.argv.includes('--without-second-opinion');
const withoutSecond = emptySnippetCounts();
const withoutSecondTimes: number[] = [];
let pageIndex = 0;
for (const [url, entry] of entries) {
  const html = readTrafilaturaPage(folder, entry.file);
  const runOurs = () => {
    const started = performance.now();
    let text: string | undefined;
    try {
      text = extractHtml(html, { url }).text;
    } catch (error) {
      crashes++;
      console.error(`crash on ${entry.file}:`, error);
    }
    const elapsed = performance.now() - started;
    ourTime += elapsed;
    ourTimes.push(elapsed);
    if (elapsed > 1000) console.log(`slow: ${entry.file} took ${elapsed.toFixed(0)} ms`);
    const before: SnippetCounts = { ...ours };
    addSnippetCounts(ours, text, entry);
    if (options.verbose) reportMisses(entry, text, before);
  };
  const runWithoutSecond = () => {
    const withoutStarted = performance.now();
    const page = extractHtmlWithDetails(html, { url, secondOpinion: false }).page;
    withoutSecondTimes.push(performance.now() - withoutStarted);
    addSnippetCounts(withoutSecond, page.text, entry);
  };
  const runBaseline = () => {
    const baselineStarted = performance.now();
    addSnippetCounts(baseline, runReadability(html)?.text, entry);
    const baselineElapsed = performance.now() - baselineStarted;
    baselineTimes.push(baselineElapsed);
    if (baselineElapsed > 3000)
      console.log(`slow baseline: ${entry.file} took ${baselineElapsed.toFixed(0)} ms`);
  };
  const runs = [
    runOurs,
    ...(compareSecondOpinion ? [runWithoutSecond] : []),
    ...(options.baseline ? [runBaseline] : []),
  ];
  // Which extractor goes first turns with each page: the first to read a page pays for warming it.
  const first = pageIndex++ % runs.length;
  for (let offset = 0; offset < runs.length; offset++) runs[(first + offset) % runs.length]!();
}

function reportMisses(entry: EvalEntry, text: string | undefined, before: SnippetCounts): void {
  const missed = ours.falseNegatives - before.falseNegatives;
  const leaked = ours.falsePositives - before.falsePositives;
  if (missed === 0 && leaked === 0) return;
  const normalized = normalizeWhitespace(text ?? '');
  const lost = entry.with.filter((snippet) => !normalized.includes(normalizeWhitespace(snippet)));
  const kept = entry.without.filter((snippet) => normalized.includes(normalizeWhitespace(snippet)));
  console.log(
    `${entry.file}: missed ${JSON.stringify(lost)} leaked ${JSON.stringify(kept)} (${normalized.length} chars)`,
  );
}

const format = (counts: SnippetCounts) => {
  const scores = snippetScores(counts);
  return `P ${scores.precision.toFixed(3)}  R ${scores.recall.toFixed(3)}  F1 ${scores.f1.toFixed(3)}  accuracy ${scores.accuracy.toFixed(3)}  (TP ${counts.truePositives} FN ${counts.falseNegatives} FP ${counts.falsePositives} TN ${counts.trueNegatives})`;
};
console.log(
  `trafilatura-eval: ${entries.length} pages, ${crashes} crashes, ${(ourTime / entries.length).toFixed(1)} ms/page`,
);
console.log(`ours         ${format(ours)}`);
if (options.baseline) console.log(`readability  ${format(baseline)}`);
console.log(`speed        ${speedLine(ourTimes, baselineTimes)}`);
if (compareSecondOpinion) {
  console.log(`ours without second opinion  ${format(withoutSecond)}`);
  console.log(`speed without second opinion ${speedLine(withoutSecondTimes, baselineTimes)}`);
}
