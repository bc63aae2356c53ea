/**
 * Reading a page into the run, alone: what the engine does with each page it reads besides asking a
 * model about it (the knowledge's index of its passages, the extractor's excerpt, the read summary),
 * in CPU µs a page, this tree against a baseline commit's `src/` in the same process, taking turns.
 * The part of `bench/engine-overhead.ts` that follows the pages read, without the run around it.
 *
 *   npx tsx bench/page-reading.ts                      # --pages 200 --rounds 7 --baseline ea7aa6b
 *   npx tsx bench/page-reading.ts --baseline HEAD      # the working tree against its last commit
 *
 * Two sets of pages: `bench`, the page `engine-overhead.ts` reads (a paragraph repeated, 7,700
 * characters), and `wcxb`, the main text of the first `--pages` pages of WCXB's dev split (real
 * pages in several languages, cut into passages as the reader cuts them; skipped, saying so, when
 * `../shared/benchmark-data/` is absent).
 * Every page is a new object in every round, as a read gives, and both layouts get the same pages;
 * the bench says whether they made the same excerpts, summaries and knowledge rankings.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type Source, splitPassages } from '../src/reader/index.js';
import { fakeSource } from '../src/testing/fake-reader.js';
import { benchmarkDataPath, readJson } from './lib/benchmark-data.js';
import { sourceAtCommit } from './lib/source-at-commit.js';
import { median } from './lib/timing.js';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : (argv[index + 1] ?? fallback);
};
const pageCount = Number(flag('--pages', '200'));
const rounds = Number(flag('--rounds', '7'));
const baselineRef = flag('--baseline', 'ea7aa6b');

/** The sub-questions an excerpt is cut for, and what the knowledge is asked. */
const QUERIES = [
  { text: 'What is it made of?', deep: false },
  { text: 'When was it completed and for which event?', deep: true },
];
const QUESTION = 'What is the Eiffel Tower made of?';
/** Characters the extractor may be shown of a page. */
const EXCERPT_CHARS = 6_000;

interface Layout {
  name: string;
  createKnowledge: () => {
    addSource(source: Source): void;
    topPassages(query: string, maxChars: number): { url: string; text: string }[];
  };
  excerptPage: (
    source: Source,
    queries: readonly unknown[],
    maxChars: number,
  ) => { ranges: { start: number; end: number }[]; chars: number };
  readSummary: (source: Source) => string;
}

async function layoutOf(name: string, load: (path: string) => Promise<unknown>): Promise<Layout> {
  const knowledge = (await load('research/evidence/knowledge.ts')) as Pick<Layout, 'createKnowledge'>;
  const excerpts = (await load('research/evidence/page-excerpts.ts')) as Pick<Layout, 'excerptPage'>;
  const read = (await load('research/steps/read.ts')) as Pick<Layout, 'readSummary'>;
  return {
    name,
    createKnowledge: knowledge.createKnowledge,
    excerptPage: excerpts.excerptPage,
    readSummary: read.readSummary,
  };
}

function benchPages(): Source[] {
  const paragraph = 'The tower is made of wrought iron and was completed in 1889 for the World Fair. ';
  return Array.from({ length: pageCount }, (_, index) =>
    fakeSource(`https://site${index}.example/page`, {
      title: `Page ${index}`,
      text: Array.from({ length: 30 }, (_, line) => `${paragraph.repeat(3)} Fact ${index}-${line}.`).join(
        '\n\n',
      ),
    }),
  );
}

function wcxbPages(): Source[] | string {
  const folder = benchmarkDataPath('wcxb/dev/ground-truth');
  if (!existsSync(folder)) return `no WCXB pages at ${folder}`;
  const names = readdirSync(folder).sort();
  const pages: Source[] = [];
  for (const name of names) {
    if (pages.length === pageCount) break;
    const truth = readJson<{ url: string; title?: string; ground_truth: { main_content?: string | null } }>(
      join(folder, name),
    );
    const text = truth.ground_truth.main_content ?? '';
    // Cut into passages as the reader cuts a page it reads.
    if (text.length > 0)
      pages.push({
        ...fakeSource(truth.url, { title: truth.title ?? truth.url, text }),
        passages: splitPassages(text),
      });
  }
  return pages;
}

/** Reads every page as a read step does; returns what a user or the model sees of it, digested. */
function readAll(layout: Layout, pages: readonly Source[]): string {
  const knowledge = layout.createKnowledge();
  const seen = createHash('sha256');
  for (const template of pages) {
    // A new object, as every read gives: nothing kept by object from an earlier round applies.
    const source = { ...template };
    knowledge.addSource(source);
    const excerpt = layout.excerptPage(source, QUERIES, EXCERPT_CHARS);
    seen.update(JSON.stringify([excerpt.ranges, excerpt.chars, layout.readSummary(source)]));
  }
  for (const query of [QUESTION, ...QUERIES.map((item) => item.text)])
    seen.update(JSON.stringify(knowledge.topPassages(query, 12_000).map((passage) => passage.url)));
  return seen.digest('hex').slice(0, 16);
}

const here = await layoutOf('this tree', (path) => import(`../src/${path}`));
const baseline = sourceAtCommit(baselineRef);
if ('missing' in baseline) console.log(`no baseline: ${baseline.missing}`);
const layouts = [
  here,
  ...('missing' in baseline ? [] : [await layoutOf(`baseline ${baselineRef}`, baseline.load)]),
];

const sets: { name: string; pages: Source[] | string }[] = [
  { name: 'bench', pages: benchPages() },
  { name: 'wcxb', pages: wcxbPages() },
];
const loads: number[] = [loadavg()[0] ?? 0];
const rows: string[] = [];
try {
  for (const set of sets) {
    if (typeof set.pages === 'string') {
      console.log(`${set.name}: skipped, ${set.pages}`);
      continue;
    }
    const pages = set.pages;
    const chars = pages.reduce((sum, page) => sum + page.text.length, 0);
    const digests = new Set(layouts.map((layout) => readAll(layout, pages)));
    const times = layouts.map(() => [] as number[]);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? layouts : [...layouts].reverse();
      for (const layout of order) {
        const before = process.cpuUsage();
        digests.add(readAll(layout, pages));
        const used = process.cpuUsage(before);
        times[layouts.indexOf(layout)]?.push((used.user + used.system) / pages.length);
        loads.push(loadavg()[0] ?? 0);
      }
    }
    layouts.forEach((layout, index) => {
      const own = times[index] ?? [];
      rows.push(
        `| ${set.name} (${pages.length} pages, ${Math.round(chars / pages.length)} characters each) | ${layout.name} | ${median(own).toFixed(0)} | ${Math.min(...own).toFixed(0)}–${Math.max(...own).toFixed(0)} |`,
      );
    });
    console.log(
      digests.size === 1
        ? `${set.name}: every round of ${layouts.length === 1 ? 'this tree' : 'both layouts'} made the same excerpts, summaries and rankings (${[...digests][0]})`
        : `${set.name}: the layouts DIFFER in excerpts, summaries or rankings: ${[...digests].join(' ')}`,
    );
  }
} finally {
  if (!('missing' in baseline)) baseline.remove();
}
console.log(
  `reading pages into the run (knowledge index, excerpt, summary); ${rounds} rounds a layout; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min)`,
);
console.log('| pages | layout | median µs of CPU a page | min–max |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(row);
