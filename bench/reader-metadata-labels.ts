/**
 * The page's date, byline and title against what two public sets label: WCXB dev (`publish_date`,
 * `author`, `title`; 1,358 pages of seven kinds) and trafilatura's evaluation set (`date`, `author`,
 * `title`; 990 pages, mostly German), for ours and for Readability on linkedom (its `publishedTime`,
 * `byline` and `title`) in the same run. A date is right when its day is the labelled one or next to
 * it (a time zone moves the day of a stated time), wrong when further, none when the reader gives no
 * date for a labelled page; dates given on pages labelled with none are counted apart (right or
 * not). A byline or title agrees exactly after whitespace is collapsed, leniently when case and
 * punctuation aside one holds the other (`lib/metadata-agreement.ts`); bylines only on pages labelled
 * with an author. The reader's date and byline beside the headline (`src/reader/html/shown-date.ts`,
 * `shown-byline.ts`) were shaped on WCXB's pages; trafilatura's were measured once each rule was
 * fixed (2026-12-04).
 * Usage: npx tsx bench/reader-metadata-labels.ts [--limit N] [--verbose]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractHtml } from '../src/reader/html/index.js';
import { parseDate } from '../src/shared/index.js';
import { benchmarkDataPath, readHtml, readJson, readTrafilaturaPage } from './lib/benchmark-data.js';
import {
  agreement,
  emptyAgreement,
  type MetadataAgreement,
  recordAgreement,
} from './lib/metadata-agreement.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';

interface LabelledPage {
  set: 'wcxb' | 'trafilatura';
  id: string;
  url: string;
  html: () => string;
  /** The labelled day, `YYYY-MM-DD`; undefined when the set gives none. */
  day?: string;
  author?: string;
  title?: string;
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

/** WCXB dev's pages with their labelled day, author and title; none when the set is absent. */
function wcxbLabelledPages(): LabelledPage[] {
  const folder = benchmarkDataPath('wcxb/dev');
  let names: string[];
  try {
    names = readdirSync(join(folder, 'ground-truth')).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const id = name.replace(/\.json$/, '');
    const truth = readJson<{
      url: string;
      ground_truth: { publish_date?: string | null; author?: string | null; title?: string | null };
    }>(join(folder, 'ground-truth', name));
    return {
      set: 'wcxb' as const,
      id,
      url: truth.url,
      html: () => readHtml(join(folder, 'html', `${id}.html.gz`)),
      ...dayOf(truth.ground_truth.publish_date),
      ...labelsOf(truth.ground_truth.author, truth.ground_truth.title),
    };
  });
}

/** Trafilatura's evaluation pages with their labelled day, author and title; none when the set is absent. */
function trafilaturaLabelledPages(): LabelledPage[] {
  const folder = benchmarkDataPath('trafilatura-eval');
  type Entry = { file: string; date?: string; author?: unknown; title?: unknown };
  let entries: Array<[string, Entry]>;
  try {
    entries = Object.entries(readJson<Record<string, Entry>>(join(folder, 'evaldata.json')));
  } catch {
    return [];
  }
  return entries.map(([url, entry]) => ({
    set: 'trafilatura' as const,
    id: entry.file,
    url,
    html: () => readTrafilaturaPage(folder, entry.file),
    ...dayOf(entry.date),
    ...labelsOf(entry.author, entry.title),
  }));
}

/** A label's day when it is a real date (trafilatura's set holds a few like `2022-25-10`). */
function dayOf(label: string | null | undefined): { day?: string } {
  const day = label?.slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? { day } : {};
}

/** The author and title labels that are text and not empty. */
function labelsOf(author: unknown, title: unknown): { author?: string; title?: string } {
  return {
    ...(typeof author === 'string' && author.trim() !== '' ? { author } : {}),
    ...(typeof title === 'string' && title.trim() !== '' ? { title } : {}),
  };
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
  return `${name.padEnd(18)} right ${share(tally.right)}  wrong ${share(tally.wrong)}  none ${share(tally.none)}  (of ${tally.labelled} labelled; ${tally.unlabelled} dates on unlabelled pages)`;
}

const pages = [...wcxbLabelledPages(), ...trafilaturaLabelledPages()];
if (pages.length === 0) {
  console.log(
    'reader-metadata-labels: ../shared/benchmark-data holds neither wcxb/dev nor trafilatura-eval; nothing to measure.',
  );
  process.exit(0);
}
for (const set of ['wcxb', 'trafilatura'] as const) {
  const chosen = pages.filter((page) => page.set === set).slice(0, options.limit);
  if (chosen.length === 0) continue;
  const dates = { ours: emptyTally(), readability: emptyTally() };
  const bylines = { ours: emptyAgreement(), readability: emptyAgreement() };
  const bylineNone = { ours: 0, readability: 0 };
  const titles = { ours: emptyAgreement(), readability: emptyAgreement() };
  for (const page of chosen) {
    const html = page.html();
    const ours = extractHtml(html, { url: page.url });
    const readability = runReadability(html);
    const verdict = record(dates.ours, ours.publishedAt, page.day);
    record(dates.readability, parseDate(readability?.publishedTime)?.toISOString(), page.day);
    if (verbose && (verdict === 'wrong' || verdict === 'none'))
      console.log(`date ${verdict} ${set}/${page.id} ${ours.publishedAt ?? '-'} | labelled ${page.day}`);
    if (page.author !== undefined) {
      recordAgreement(bylines.ours, ours.byline, page.author);
      recordAgreement(bylines.readability, readability?.byline || undefined, page.author);
      if (!ours.byline) bylineNone.ours++;
      if (!readability?.byline) bylineNone.readability++;
    }
    if (page.title !== undefined) {
      recordAgreement(titles.ours, ours.title, page.title);
      recordAgreement(titles.readability, readability?.title, page.title);
    }
  }
  console.log(`${set}: ${chosen.length} pages`);
  for (const who of ['ours', 'readability'] as const) {
    console.log(line(`date ${who}`, dates[who]));
    console.log(agreementLine(`byline ${who}`, bylines[who], bylineNone[who]));
    console.log(agreementLine(`title ${who}`, titles[who]));
  }
}

function agreementLine(name: string, result: MetadataAgreement, none?: number): string {
  const { exact, lenient } = agreement(result);
  const missing = none === undefined ? '' : `  none ${(none / Math.max(result.pages, 1)).toFixed(3)}`;
  return `${name.padEnd(18)} exact ${exact.toFixed(3)}  lenient ${lenient.toFixed(3)}${missing}  (of ${result.pages} labelled)`;
}
