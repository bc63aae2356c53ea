/**
 * Title and byline agreement with @mozilla/readability's expected metadata on its own test pages,
 * for ours and for Readability on linkedom; and the main text's mean per-page word F1 against the
 * expected content (`expected.html`, Readability's own output on jsdom), with the median time a page. Exact = equal after whitespace normalisation; lenient =
 * case-insensitive, punctuation-insensitive, or one contains the other. The reader's unit model is
 * trained on these pages too (`bench/reader-unit-model.ts`), so the content F1 is in-sample.
 * Usage: npx tsx bench/reader-mozilla-meta.ts [--limit N] [--verbose]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractHtml } from '../src/reader/html/index.js';
import { readHtml, readJson, requireBenchmarkData } from './lib/benchmark-data.js';
import {
  agreement,
  emptyAgreement,
  type MetadataAgreement,
  recordAgreement,
} from './lib/metadata-agreement.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import { readabilityExpectedText } from './lib/reader-eval-pages.js';
import { bagOfWordsScores } from './lib/text-metrics.js';
import { speedLine } from './lib/timing.js';

interface ExpectedMetadata {
  title?: string | null;
  byline?: string | null;
}

const options = parseBenchmarkOptions();
const folder = requireBenchmarkData('mozilla-readability-testpages');
const pages = readdirSync(folder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .slice(0, options.limit);

const ours = { title: emptyAgreement(), byline: emptyAgreement() };
const baseline = { title: emptyAgreement(), byline: emptyAgreement() };
const contentF1 = { ours: [] as number[], baseline: [] as number[] };
const times = { ours: [] as number[], baseline: [] as number[] };
for (const name of pages) {
  const html = readHtml(join(folder, name, 'source.html'));
  const expected = readJson<ExpectedMetadata>(join(folder, name, 'expected-metadata.json'));
  const expectedText = readabilityExpectedText(folder, name);
  // Which extractor reads the page first turns with each page: the first pays for warming it.
  const runOurs = () => {
    const started = performance.now();
    const extracted = extractHtml(html, { url: `http://fakehost/test/${name}/` });
    times.ours.push(performance.now() - started);
    return extracted;
  };
  const runBaseline = () => {
    if (!options.baseline) return undefined;
    const started = performance.now();
    const result = runReadability(html);
    times.baseline.push(performance.now() - started);
    return result;
  };
  const oursFirst = pages.indexOf(name) % 2 === 0;
  const readability = oursFirst ? undefined : runBaseline();
  const page = runOurs();
  const baselineResult = oursFirst ? runBaseline() : readability;
  const oursScores = bagOfWordsScores(page.text, expectedText);
  contentF1.ours.push(oursScores.f1);
  if (options.verbose && oursScores.f1 < 0.8) {
    const f = (value: number) => value.toFixed(2);
    console.log(
      `${name}: content F1 ${f(oursScores.f1)} (P ${f(oursScores.precision)} R ${f(oursScores.recall)}), ${page.text.length} chars vs ${expectedText.trim().length} expected`,
    );
  }
  if (options.baseline)
    contentF1.baseline.push(bagOfWordsScores(baselineResult?.text ?? '', expectedText).f1);
  recordAgreement(ours.title, page.title, expected.title);
  recordAgreement(ours.byline, page.byline, expected.byline);
  if (options.baseline) {
    recordAgreement(baseline.title, baselineResult?.title, expected.title);
    recordAgreement(baseline.byline, baselineResult?.byline, expected.byline);
  }
  if (options.verbose && (page.byline ?? null) !== (expected.byline ?? null))
    console.log(`${name}: byline ${JSON.stringify(page.byline)} expected ${JSON.stringify(expected.byline)}`);
}

const format = (result: MetadataAgreement) => {
  const scores = agreement(result);
  return `exact ${scores.exact.toFixed(3)}  lenient ${scores.lenient.toFixed(3)}  (of ${result.pages})`;
};
console.log(`mozilla-readability test pages: ${pages.length}`);
console.log(`title   ours ${format(ours.title)}`);
if (options.baseline) console.log(`title   readability ${format(baseline.title)}`);
console.log(`byline  ours ${format(ours.byline)}`);
if (options.baseline) console.log(`byline  readability ${format(baseline.byline)}`);
const meanOf = (values: number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
console.log(`content ours word F1 ${meanOf(contentF1.ours).toFixed(3)} (mean per page)`);
if (options.baseline) console.log(`content readability word F1 ${meanOf(contentF1.baseline).toFixed(3)}`);
console.log(`speed   ${speedLine(times.ours, times.baseline)}`);
