/**
 * What archiving the cited pages costs a run, and what re-checking them costs: the demo world's run
 * (cooperative fake model, real reader on a fake page server) with `archive: off` and `archive: cited`
 * in alternation, then `verifyReferences` over the archive. Prints medians and the archive's size.
 * Run: npx tsx bench/archive-run.ts
 */
import { loadavg } from 'node:os';
import type { RunArchive } from '../src/archive/index.js';
import { research } from '../src/research/index.js';
import { demoPages, demoResearchConfig, startDemoWorld } from '../src/testing/demo-world.js';
import { verifyReferences } from '../src/verify/index.js';
import { median } from './lib/timing.js';

const RUNS = 5;
const question = 'When was the Eiffel Tower completed?';
const world = await startDemoWorld({ pages: demoPages });
const config = demoResearchConfig(world);
const walls: Record<'off' | 'cited', number[]> = { off: [], cited: [] };
const verifyMs: number[] = [];
const liveMs: number[] = [];
let archiveBytes = 0;
let pagesArchived = 0;
try {
  for (let run = 0; run < RUNS; run += 1) {
    for (const mode of ['off', 'cited'] as const) {
      let archive: RunArchive | undefined;
      const started = performance.now();
      const result = await research(
        { ...config, question, archive: mode },
        {
          onArchive: (made) => {
            archive = made;
          },
        },
      );
      walls[mode].push(performance.now() - started);
      if (mode !== 'cited' || !archive) continue;
      archiveBytes = archive.summary.bytes;
      pagesArchived = archive.summary.pages;
      const checkStarted = performance.now();
      await verifyReferences({ runId: result.runId, references: result.references, warc: archive.warc });
      verifyMs.push(performance.now() - checkStarted);
      const liveStarted = performance.now();
      await verifyReferences({
        runId: result.runId,
        references: result.references,
        warc: archive.warc,
        live: { allowHosts: [world.pages.host] },
      });
      liveMs.push(performance.now() - liveStarted);
    }
  }
} finally {
  await world.close();
}
const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(`runs: ${RUNS} each, load ${loadavg()[0]?.toFixed(2)} (1-min)`);
console.log(
  `run wall time median: archive off ${ms(median(walls.off))}, archive cited ${ms(median(walls.cited))}`,
);
console.log(`archive: ${pagesArchived} pages, ${archiveBytes} bytes (.warc.gz)`);
console.log(`verify median: archived only ${ms(median(verifyMs))}, with --live ${ms(median(liveMs))}`);
