/**
 * WCXB dev's mean word F1 per page type for variants of ours, all in one process, and the pages one
 * variant moves by more than 0.01 against the first: what a mechanism's switch changes, page by page.
 * Usage: npx tsx bench/reader-wcxb-variants.ts [--type product] [--variants '{"off":{"panels":false},"on":{}}']
 *        (variants: names and `DetailedExtractOptions` fields; the default compares every switch
 *        of this round's shop mechanisms, off and on)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractHtmlWithDetails } from '../src/reader/html/index.js';
import { readHtml, readJson, requireBenchmarkData } from './lib/benchmark-data.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { bagOfWordsScores } from './lib/text-metrics.js';

type Settings = Omit<Parameters<typeof extractHtmlWithDetails>[1], 'url'>;

interface GroundTruth {
  url: string;
  _internal?: { page_type?: { primary?: string } };
  ground_truth: { main_content?: string | null };
}

const options = parseBenchmarkOptions();
const variantFlag = process.argv.indexOf('--variants');
const variants: Record<string, Settings> =
  variantFlag === -1
    ? { off: { panels: false, footer: false }, panels: { footer: false }, 'panels+footer': {} }
    : (JSON.parse(process.argv[variantFlag + 1] ?? '{}') as Record<string, Settings>);
const names = Object.keys(variants);
const folder = requireBenchmarkData('wcxb/dev');
const sums = new Map<string, number[]>();
const moved: string[] = [];
for (const name of readdirSync(join(folder, 'ground-truth')).sort()) {
  const truth = readJson<GroundTruth>(join(folder, 'ground-truth', name));
  const type = truth._internal?.page_type?.primary ?? 'unknown';
  if (options.type && type !== options.type) continue;
  const html = readHtml(join(folder, 'html', name.replace(/\.json$/, '.html.gz')));
  const reference = truth.ground_truth.main_content ?? '';
  const scores = names.map(
    (variant) =>
      bagOfWordsScores(
        extractHtmlWithDetails(html, { url: truth.url, ...variants[variant] }).page.text,
        reference,
      ).f1,
  );
  for (const key of [type, 'ALL']) {
    const sum = sums.get(key) ?? [0, ...names.map(() => 0)];
    sum[0]! += 1;
    scores.forEach((score, index) => {
      sum[index + 1]! += score;
    });
    sums.set(key, sum);
  }
  if (scores.some((score) => Math.abs(score - scores[0]!) > 0.01))
    moved.push(
      `${name.replace(/\.json$/, '')} ${type.padEnd(13)} ${scores.map((score) => score.toFixed(3)).join(' → ')}  ${truth.url}`,
    );
}
console.log(moved.join('\n'));
console.log(`${'type'.padEnd(14)} pages  ${names.map((variant) => variant.padEnd(14)).join('')}`);
for (const [type, [pages = 0, ...totals]] of sums)
  console.log(
    `${type.padEnd(14)} ${String(pages).padStart(5)}  ${totals.map((total) => (total / pages).toFixed(4).padEnd(14)).join('')}`,
  );
