/**
 * Where the reader's loss sits: for every page, the reader's own output against oracles over the
 * page's text at three stages, so that 1 − F1 splits into reference noise, cleaning, segmentation
 * and selection.
 *   raw units: the text nodes of the page before cleaning (scripts and styles out);
 *   clean units: the text nodes after the normal pass's cleaning (`removeBoilerplate`, product extras);
 *   clean blocks: the blocks the renderer writes for the whole cleaned body.
 * WCXB: an oracle keeps units, best precision first, and stops at the best F1 (greedy).
 * trafilatura: a `with` snippet is won when it is in the cleaned text; a `without` snippet is
 * avoidable when it holds a block (or, at character level, a character) no won snippet needs.
 * Usage: npx tsx bench/reader-ceiling.ts [--set wcxb|trafilatura] [--every N] [--out file.jsonl]
 *        npx tsx bench/reader-ceiling.ts --from file.jsonl   (the tables again from saved rows)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractHtml } from '../src/reader/html/index.js';
import { readHtml, readJson, readTrafilaturaPage, requireBenchmarkData } from './lib/benchmark-data.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { ceilingOfPage, type PageCeiling } from './lib/reader-ceiling-page.js';
import { reportTrafilatura, reportWcxb } from './lib/reader-ceiling-report.js';

const options = parseBenchmarkOptions();
const argv = process.argv.slice(2);
const flag = (name: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const sets = flag('--set') ? [flag('--set')!] : ['trafilatura', 'wcxb'];
const out = flag('--out');
const rows: PageCeiling[] = [];
const from = flag('--from');
if (from) {
  const saved = readFileSync(from, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as PageCeiling);
  const traf = saved.filter((row) => row.set === 'trafilatura');
  if (traf.length > 0) reportTrafilatura(traf);
  const wcxb = saved.filter((row) => row.set === 'wcxb');
  if (wcxb.length > 0) reportWcxb(wcxb);
  process.exit(0);
}

if (sets.includes('trafilatura')) {
  const folder = requireBenchmarkData('trafilatura-eval');
  const entries = Object.entries(
    readJson<Record<string, { file: string; with: string[]; without: string[] }>>(
      join(folder, 'evaldata.json'),
    ),
  ).filter((_, index) => index % options.every === 0);
  for (const [url, entry] of entries) {
    const html = readTrafilaturaPage(folder, entry.file);
    const text = extractHtml(html, { url }).text;
    rows.push(
      ceilingOfPage(html, url, text, {
        id: entry.file,
        set: 'trafilatura',
        type: 'trafilatura',
        snippets: entry,
      }),
    );
  }
  reportTrafilatura(rows.filter((row) => row.set === 'trafilatura'));
}

if (sets.includes('wcxb')) {
  const folder = requireBenchmarkData('wcxb/dev');
  const names = readdirSync(join(folder, 'ground-truth'))
    .sort()
    .filter((_, index) => index % options.every === 0);
  for (const name of names) {
    const id = name.replace(/\.json$/, '');
    const truth = readJson<{
      url: string;
      _internal?: { page_type?: { primary?: string } };
      ground_truth: { main_content?: string | null };
    }>(join(folder, 'ground-truth', name));
    if (options.type && truth._internal?.page_type?.primary !== options.type) continue;
    const html = readHtml(join(folder, 'html', `${id}.html.gz`));
    const text = extractHtml(html, { url: truth.url }).text;
    rows.push(
      ceilingOfPage(html, truth.url, text, {
        id,
        set: 'wcxb',
        type: truth._internal?.page_type?.primary ?? 'unknown',
        reference: truth.ground_truth.main_content ?? '',
      }),
    );
  }
  reportWcxb(rows.filter((row) => row.set === 'wcxb'));
}

if (out) writeFileSync(out, rows.map((row) => JSON.stringify(row)).join('\n'));
