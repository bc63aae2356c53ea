/**
 * The "no lost words" rule over every page of the visible extraction sets (trafilatura-eval, WCXB
 * dev, mozilla/readability test pages): each inline run of the chosen blocks that is kept at all must
 * be in the output whole. Prints the number of violating runs and pages per set (all must be 0), and
 * how often our candidate was in doubt, Readability was run for a second opinion, and it was taken.
 * Usage: npx tsx bench/reader-invariant.ts [--limit N] [--every N] [--only set/id,set/id] [--verbose]
 */
import { extractHtmlWithDetails, type SecondOpinion } from '../src/reader/html/index.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { htmlOf, visiblePages } from './lib/visible-pages.js';

const options = parseBenchmarkOptions();
const pages = visiblePages()
  .filter((page) => !options.only || options.only.has(page.id))
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);
if (pages.length === 0) {
  console.log('No visible extraction set found beside the repository; nothing to check. Skipping.');
  process.exit(0);
}

interface Tally {
  pages: number;
  violatingPages: number;
  lostRuns: number;
  opinions: Record<SecondOpinion, number>;
}
const bySet = new Map<string, Tally>();
for (const page of pages) {
  const set = page.id.split('/')[0]!;
  const tally = bySet.get(set) ?? {
    pages: 0,
    violatingPages: 0,
    lostRuns: 0,
    opinions: { 'not-asked': 0, 'could-not-win': 0, 'kept-ours': 0, 'took-readability': 0 },
  };
  bySet.set(set, tally);
  tally.pages++;
  const details = extractHtmlWithDetails(htmlOf(page), { url: page.url, checkLostWords: true });
  tally.opinions[details.secondOpinion]++;
  if (options.verbose && details.secondOpinion === 'took-readability')
    console.log(`${page.id}: took Readability's candidate`);
  const lost = details.lostWords;
  if (lost.length === 0) continue;
  tally.violatingPages++;
  tally.lostRuns += lost.length;
  if (options.verbose) {
    for (const run of lost.slice(0, 3)) console.log(`${page.id}: lost words in «${run.slice(0, 160)}»`);
  }
}
let total = 0;
console.log(
  'set            pages  violating pages  lost runs  second opinion in doubt / Readability run / taken',
);
for (const [set, tally] of bySet) {
  total += tally.lostRuns;
  console.log(
    `${set.padEnd(14)} ${String(tally.pages).padStart(5)}  ${String(tally.violatingPages).padStart(15)}  ${String(tally.lostRuns).padStart(9)}  ${tally.opinions['could-not-win'] + tally.opinions['kept-ours'] + tally.opinions['took-readability']} / ${tally.opinions['kept-ours'] + tally.opinions['took-readability']} / ${tally.opinions['took-readability']}`,
  );
}
console.log(`no-lost-words violations: ${total}`);
process.exitCode = total === 0 ? 0 : 1;
