/**
 * The benchmark's search in a process of its own, for bench/server-load.ts `--executor`: runs
 * configured as a server is (no injected capabilities, which cannot cross into research threads)
 * search a SearXNG-shaped server. Run n's query (its question ends in `(n)`) finds `perRun` pages:
 * saved pages n·k … n·k+k−1 at `pagesOrigin` (bench/server-fake-pages.ts), or, without an origin,
 * the two demo pages served here. Prints `<search URL> <pages host>`.
 *
 *   npx tsx bench/server-fake-search.ts [pagesOrigin pageCount perRun]
 */
import { demoPages } from '../src/testing/demo-world.js';
import { startFakePageServer } from '../src/testing/fake-page-server.js';
import { startFakeSearchServer } from '../src/testing/fake-search-server.js';

const [origin, countText = '0', perRunText = '3'] = process.argv.slice(2);
const demo = origin ? undefined : await startFakePageServer(demoPages);
const count = Number(countText);
const perRun = Number(perRunText);

const search = await startFakeSearchServer((query) => {
  if (demo) {
    return Object.keys(demoPages).map((path) => ({
      url: `${demo.origin}${path}`,
      title: path,
      content: query,
    }));
  }
  const run = Number(/\((\d+)\)/.exec(query)?.[1] ?? 0);
  return Array.from({ length: perRun }, (_, offset) => {
    const page = (run * perRun + offset) % count;
    return { url: `${origin}/page/${page}`, title: `Saved page ${page}`, content: query };
  });
});
process.stdout.write(`${search.url} ${demo ? demo.host : new URL(origin ?? '').host}\n`);
process.on('SIGTERM', () => {
  void Promise.all([search.close(), demo?.close()]).then(() => process.exit(0));
});
