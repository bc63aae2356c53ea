/**
 * The server of bench/export-load.ts, in a process of its own: a memory store holding finished
 * runs (`warm`, and per round r: `same-r`, `distinct-r-0` … `distinct-r-11`), one admin token per
 * client, and the report route rendering in the chosen layout. Prints its URL, then serves until killed.
 *   --layout pool   the worker pool, with its limits and cache (as shipped)
 *   --layout loop   today's layout before the pool: every export rendered on the event loop,
 *                   no limit, no cache
 *   --report ordinary|table   what each run's answer is (bench/lib/export-reports.ts)
 */
import { parseArgs } from 'node:util';
import { parseResearchConfig } from '../src/config/schemas.js';
import { createReportExporter, renderReport, setSharedReportExporter } from '../src/export/index.js';
import { createMemoryStore } from '../src/store/index.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { benchResult, ordinaryAnswer, tableAnswer } from './lib/export-reports.js';

const { values } = parseArgs({
  options: {
    layout: { type: 'string', default: 'pool' },
    report: { type: 'string', default: 'ordinary' },
    clients: { type: 'string', default: '24' },
    rounds: { type: 'string', default: '3' },
  },
});
const answer = values.report === 'table' ? tableAnswer : ordinaryAnswer;
if (values.layout === 'loop')
  setSharedReportExporter(
    createReportExporter({ render: renderReport, maxPerClient: Infinity, maxTotal: Infinity, cacheBytes: 0 }),
  );

const store = createMemoryStore();
const ids = [
  'warm',
  ...Array.from({ length: Number(values.rounds) }, (_, round) => [
    `same-${round}`,
    ...Array.from({ length: 12 }, (_, n) => `distinct-${round}-${n}`),
  ]).flat(),
];
const at = new Date().toISOString();
for (const [n, id] of ids.entries()) {
  await store.createRun({
    id,
    question: 'How tall is the Eiffel Tower?',
    options: {},
    createdAt: at,
    status: 'running',
  });
  await store.updateRun(id, {
    status: 'completed',
    startedAt: at,
    endedAt: at,
    result: benchResult(answer(n), id),
  });
}
const adminTokens = Array.from({ length: Number(values.clients) }, (_, index) => `bench-token-${index}`);
const server = makeTestApp({
  store,
  adminTokens,
  config: parseResearchConfig({ apiKey: 'sk-bench-unused' }),
});
const { url } = await listen(server);
process.stdout.write(`${url}\n`);
