/**
 * The page's date against the publication dates two public sets label: WCXB dev (`publish_date`,
 * 1,358 pages of seven kinds) and trafilatura's evaluation set (`date`, 990 pages, mostly German),
 * for ours and for Readability on linkedom (its `publishedTime`, read from meta tags and JSON-LD), in
 * the same run. A date is right when its day is the labelled one or next to it (a time zone moves
 * the day of a stated time); wrong when further; none when the reader gives no date for a labelled
 * page. Pages without a label count apart: a date given there may be right or not.
 * The reader's date beside the headline (`src/reader/html/shown-date.ts`) was shaped on WCXB's
 * pages; trafilatura's were not looked at until its figures were measured (2026-12-04).
 * Usage: npx tsx bench/reader-dates.ts [--limit N] [--verbose]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractHtml } from '../src/reader/html/index.js';
import { parseDate } from '../src/shared/index.js';
import { benchmarkDataPath, readHtml, readJson, readTrafilaturaPage } from './lib/benchmark-data.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';

interface DatedPage {
  set: 'wcxb' | 'trafilatura';
  id: string;
  url: string;
  html: () => string;
  /** The labelled day, `YYYY-MM-DD`; undefined when the set gives none. */
  day?: string;
}

interface Tally {
  labelled: number;
  right: number;
  wrong: number;
  none: number;
  /** Dates given on pages the set labels with none. */
  unlabelled: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const options = parseBenchmarkOptions();
const verbose = process.argv.includes('--verbose');

/** WCXB dev's pages with their labelled day; none when the set is absent. */
function wcxbDatedPages(): DatedPage[] {
  const folder = benchmarkDataPath('wcxb/dev');
  let names: string[];
  try {
    names = readdirSync(join(folder, 'ground-truth')).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const id = name.replace(/\.json$/, '');
    const truth = readJson<{ url: string; ground_truth: { publish_date?: string | null } }>(
      join(folder, 'ground-truth', name),
    );
    return {
      set: 'wcxb' as const,
      id,
      url: truth.url,
      html: () => readHtml(join(folder, 'html', `${id}.html.gz`)),
      ...dayOf(truth.ground_truth.publish_date),
    };
  });
}

/** Trafilatura's evaluation pages with their labelled day; none when the set is absent. */
function trafilaturaDatedPages(): DatedPage[] {
  const folder = benchmarkDataPath('trafilatura-eval');
  let entries: Array<[string, { file: string; date?: string }]>;
  try {
    entries = Object.entries(
      readJson<Record<string, { file: string; date?: string }>>(join(folder, 'evaldata.json')),
    );
  } catch {
    return [];
  }
  return entries.map(([url, entry]) => ({
    set: 'trafilatura' as const,
    id: entry.file,
    url,
    html: () => readTrafilaturaPage(folder, entry.file),
    ...dayOf(entry.date),
  }));
}

/** A label's day when it is a real date (trafilatura's set holds a few like `2022-25-10`). */
function dayOf(label: string | null | undefined): { day?: string } {
  const day = label?.slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? { day } : {};
}

function emptyTally(): Tally {
  return { labelled: 0, right: 0, wrong: 0, none: 0, unlabelled: 0 };
}

/** Counts one page's date (an ISO timestamp or undefined) against its label. */
function record(
  tally: Tally,
  given: string | undefined,
  day: string | undefined,
): 'right' | 'wrong' | 'none' | 'unlabelled' | 'silent' {
  if (day === undefined) {
    if (given === undefined) return 'silent';
    tally.unlabelled++;
    return 'unlabelled';
  }
  tally.labelled++;
  if (given === undefined) {
    tally.none++;
    return 'none';
  }
  const apart = Math.abs(Date.parse(given.slice(0, 10)) - Date.parse(day)) / DAY_MS;
  const verdict = apart <= 1 ? 'right' : 'wrong';
  tally[verdict]++;
  return verdict;
}

function line(name: string, tally: Tally): string {
  const share = (count: number) => (tally.labelled === 0 ? 'n/a' : (count / tally.labelled).toFixed(3));
  return `${name.padEnd(12)} right ${share(tally.right)}  wrong ${share(tally.wrong)}  none ${share(tally.none)}  (of ${tally.labelled} labelled; ${tally.unlabelled} dates on unlabelled pages)`;
}

const pages = [...wcxbDatedPages(), ...trafilaturaDatedPages()];
if (pages.length === 0) {
  console.log(
    'reader-dates: ../shared/benchmark-data holds neither wcxb/dev nor trafilatura-eval; nothing to measure.',
  );
  process.exit(0);
}
for (const set of ['wcxb', 'trafilatura'] as const) {
  const chosen = pages.filter((page) => page.set === set).slice(0, options.limit);
  if (chosen.length === 0) continue;
  const ours = emptyTally();
  const readability = emptyTally();
  for (const page of chosen) {
    const html = page.html();
    const given = extractHtml(html, { url: page.url }).publishedAt;
    const verdict = record(ours, given, page.day);
    record(readability, parseDate(runReadability(html)?.publishedTime)?.toISOString(), page.day);
    if (verbose && (verdict === 'wrong' || verdict === 'none'))
      console.log(`${verdict} ${set}/${page.id} ${given ?? '-'} | labelled ${page.day}`);
  }
  console.log(`${set}: ${chosen.length} pages`);
  console.log(line('ours', ours));
  console.log(line('readability', readability));
}
