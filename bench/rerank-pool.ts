/**
 * The candidate ranking alone: CPU a ranking of the pool's unread URLs costs (the prompt's best 15,
 * as every planner step asks), for pools of 200 and 2,000 entries, this tree against a baseline
 * commit's `src/` in the same process, taking turns. The part of `bench/engine-overhead.ts` that
 * grows with the pool, without the reads, fakes and garbage of a whole run around it.
 *
 *   npx tsx bench/rerank-pool.ts                          # --pages 200,2000 --baseline ea7aa6b
 *   npx tsx bench/rerank-pool.ts --rounds 9 --rankings 300 --baseline <git ref>
 *   npx tsx bench/rerank-pool.ts --no-cited     # as before any finding: no host cited yet
 *
 * A second table: a search into the full pool (pages/10 results, most of them known, under one of
 * 20 queries) and the reordering the next ranking asks for, as every search step of the engine does.
 *
 * Both layouts rank the very same pool (the bench's search results: titles "Result n", one
 * snippet, one host per page) and must pick the same URLs with the same scores; the bench says so.
 */
import { loadavg } from 'node:os';
import { sourceAtCommit } from './lib/source-at-commit.js';
import { median } from './lib/timing.js';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : (argv[index + 1] ?? fallback);
};
const pageCounts = flag('--pages', '200,2000').split(',').map(Number);
const rounds = Number(flag('--rounds', '7'));
const rankings = Number(flag('--rankings', '200'));
const baselineRef = flag('--baseline', 'ea7aa6b');
const noCited = argv.includes('--no-cited');

interface Layout {
  name: string;
  createUrlPool: (rules: object) => {
    add(results: object[], query: string): number;
    ranked(): unknown[];
    unreadCandidates?: () => unknown;
  };
  rerankCandidates: (
    candidates: unknown,
    signals: object,
    limit: number,
  ) => { entry: { url: string }; score: number }[];
}

async function layoutOf(name: string, load: (path: string) => Promise<unknown>): Promise<Layout> {
  const pool = (await load('research/sources/url-pool.ts')) as Pick<Layout, 'createUrlPool'>;
  const rerank = (await load('research/sources/rerank.ts')) as Pick<Layout, 'rerankCandidates'>;
  return { name, createUrlPool: pool.createUrlPool, rerankCandidates: rerank.rerankCandidates };
}

const here = await layoutOf('this tree', (path) => import(`../src/${path}`));
const baseline = sourceAtCommit(baselineRef);
if ('missing' in baseline) console.log(`no baseline: ${baseline.missing}`);
const layouts = [
  here,
  ...('missing' in baseline ? [] : [await layoutOf(`baseline ${baselineRef}`, baseline.load)]),
];

const signals = {
  needs: [{ id: 'q1', text: 'What is it made of?' }],
  question: 'What is the Eiffel Tower made of?',
  citedHosts: new Set(noCited ? [] : ['site3.example']),
  now: new Date('2026-12-01T00:00:00Z'),
};

const result = (page: number, rank: number) => ({
  url: `https://site${page}.example/page`,
  title: `Result ${rank}`,
  snippet: 'A snippet about the tower.',
  provider: 'fake',
});

/** The results of the `query`-th search of a pool of `pages`. */
const searchResults = (query: number, pages: number) =>
  Array.from({ length: pages / 10 }, (_, rank) => result((query * 97 + rank) % pages, rank));

/** A pool as the engine-overhead run fills it: searches of pages/10 results, then every page. */
function filledPool(layout: Layout, pages: number) {
  const pool = layout.createUrlPool({ boostHosts: [], excludeHosts: [], onlyHosts: [] });
  for (let query = 0; query < 20; query += 1) pool.add(searchResults(query, pages), `query ${query}`);
  for (let page = 0; page < pages; page += 1) pool.add([result(page, page)], 'every page');
  // What the engine hands the ranking: the pool's candidates where it has them, else its entries.
  const candidates = () => (pool.unreadCandidates ? pool.unreadCandidates() : pool.ranked());
  let searches = 0;
  /** One more search into the pool, then the candidates the next ranking gets. */
  const search = () => {
    searches += 1;
    pool.add(searchResults(searches * 7, pages), `query ${searches % 20}`);
    return candidates();
  };
  return { candidates, search };
}

const loads: number[] = [loadavg()[0] ?? 0];
const rows: string[] = [];
const searchRows: string[] = [];
/** Searches a layout makes into its pool each round. */
const SEARCHES = 50;
try {
  for (const pages of pageCounts) {
    const pools = layouts.map((layout) => filledPool(layout, pages));
    const candidates = pools.map((pool) => pool.candidates);
    const picks = layouts.map((layout, index) =>
      JSON.stringify(
        layout
          .rerankCandidates(candidates[index]?.(), signals, 15)
          .map(({ entry, score }) => [entry.url, score]),
      ),
    );
    const times = layouts.map(() => [] as number[]);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? layouts : [...layouts].reverse();
      for (const layout of order) {
        const index = layouts.indexOf(layout);
        const candidatesOf = candidates[index] as () => unknown;
        const before = process.cpuUsage();
        for (let ranking = 0; ranking < rankings; ranking += 1)
          layout.rerankCandidates(candidatesOf(), signals, 15);
        const used = process.cpuUsage(before);
        times[index]?.push((used.user + used.system) / 1000 / rankings);
        loads.push(loadavg()[0] ?? 0);
      }
    }
    console.log(
      new Set(picks).size === 1
        ? `${pages} pages: both layouts pick the same 15 URLs with the same scores`
        : `${pages} pages: the layouts' picks DIFFER`,
    );
    const searchTimes = layouts.map(() => [] as number[]);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? layouts : [...layouts].reverse();
      for (const layout of order) {
        const index = layouts.indexOf(layout);
        const pool = pools[index] as ReturnType<typeof filledPool>;
        const before = process.cpuUsage();
        for (let search = 0; search < SEARCHES; search += 1) pool.search();
        const used = process.cpuUsage(before);
        searchTimes[index]?.push((used.user + used.system) / 1000 / SEARCHES);
      }
    }
    // The same searches into the same pool leave both layouts with the same ranking.
    const picksAfter = layouts.map((layout, index) =>
      JSON.stringify(
        layout
          .rerankCandidates(candidates[index]?.(), signals, 15)
          .map(({ entry, score }) => [entry.url, score]),
      ),
    );
    console.log(
      new Set(picksAfter).size === 1
        ? `${pages} pages: after ${rounds} × ${SEARCHES} more searches, both layouts still pick the same`
        : `${pages} pages: after ${rounds} × ${SEARCHES} more searches, the layouts' picks DIFFER`,
    );
    const row = (own: number[], layout: Layout) =>
      `| ${pages} | ${layout.name} | ${median(own).toFixed(3)} | ${Math.min(...own).toFixed(3)}–${Math.max(...own).toFixed(3)} |`;
    layouts.forEach((layout, index) => {
      rows.push(row(times[index] ?? [], layout));
      searchRows.push(row(searchTimes[index] ?? [], layout));
    });
  }
} finally {
  if (!('missing' in baseline)) baseline.remove();
}
console.log(
  `rerankCandidates of the whole pool, best 15${noCited ? ', no host cited' : ''}; ${rounds} rounds × ${rankings} rankings a layout; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min)`,
);
console.log('| pages | layout | median ms of CPU a ranking | min–max |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log(
  `a search of pages/10 results into the full pool and the next ranking's reorder; ${rounds} rounds × ${SEARCHES} searches a layout`,
);
console.log('| pages | layout | median ms of CPU a search | min–max |');
console.log('| --- | --- | --- | --- |');
for (const row of searchRows) console.log(row);
