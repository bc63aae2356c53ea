/**
 * The images the reader keeps from real pages (the trafilatura evaluation set): how many pages
 * have any, how many each keeps of the `<img>` elements it has, how often the per-page cap is
 * reached, alt text lengths, and a sample to look at. No image is fetched.
 * Usage: npx tsx bench/reader-images.ts [--limit N] [--every N] [--sample N]
 */
import { join } from 'node:path';
import { MAX_PAGE_IMAGES } from '../src/reader/constants.js';
import { extractHtml } from '../src/reader/html/index.js';
import { readJson, readTrafilaturaPage, requireBenchmarkData } from './lib/benchmark-data.js';
import { parseBenchmarkOptions } from './lib/options.js';

const options = parseBenchmarkOptions();
const sampleIndex = process.argv.indexOf('--sample');
const sampleSize = sampleIndex === -1 ? 12 : Number(process.argv[sampleIndex + 1] ?? 12);
const folder = requireBenchmarkData('trafilatura-eval');
const entries = Object.entries(readJson<Record<string, { file: string }>>(join(folder, 'evaldata.json')))
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);

let pagesWithImg = 0;
let pagesWithKept = 0;
let pagesAtCap = 0;
let imgElements = 0;
const kept: { page: string; url: string; alt: string }[] = [];
const perPage: number[] = [];
for (const [url, entry] of entries) {
  const html = readTrafilaturaPage(folder, entry.file);
  const count = (html.match(/<img\b/gi) ?? []).length;
  imgElements += count;
  if (count > 0) pagesWithImg++;
  const images = extractHtml(html, { url }).images ?? [];
  perPage.push(images.length);
  if (images.length > 0) pagesWithKept++;
  if (images.length >= MAX_PAGE_IMAGES) pagesAtCap++;
  for (const image of images) kept.push({ page: entry.file, url: image.url, alt: image.alt });
}

const sorted = [...perPage].sort((left, right) => left - right);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
const altLengths = kept.map((image) => image.alt.length).sort((left, right) => left - right);
console.log(
  `trafilatura-eval: ${entries.length} pages; ${pagesWithImg} with <img> (${imgElements} elements in all); ` +
    `${pagesWithKept} keep at least one image, ${kept.length} kept in all ` +
    `(median ${median} per page, ${pagesAtCap} pages at the cap of ${MAX_PAGE_IMAGES})`,
);
console.log(
  `alt text: median ${altLengths[Math.floor(altLengths.length / 2)] ?? 0} chars, ` +
    `max ${altLengths.at(-1) ?? 0}; ${kept.filter((image) => image.url.startsWith('https:')).length} of ${kept.length} over https`,
);
// A spread-out sample, to judge by eye whether what is kept is a picture of the content.
const step = Math.max(1, Math.floor(kept.length / sampleSize));
for (const image of kept.filter((_, index) => index % step === 0).slice(0, sampleSize))
  console.log(`  ${image.page}: ${image.alt.slice(0, 80)} <${image.url.slice(0, 90)}>`);
