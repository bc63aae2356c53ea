/**
 * Load benchmark of `deepresearch serve` in one process: N runs at once through the HTTP API, each
 * watched by its own SSE client (the clients run in a process of their own), with a fake model in a
 * third process that answers every call after `--model-delay` ms.
 *
 *   npx tsx bench/server-load.ts [--runs 200] [--model-delay 500] [--engine real|fake] [--steps 6]
 *                                [--pages fake|real] [--pages-per-run 3] [--extract workers|in-process]
 *                                [--executor thread|worker] [--executor-threads N]
 *
 * `--pages real` (real engine only): each run's search finds `--pages-per-run` saved pages of the
 * visible extraction sets (trafilatura-eval, WCXB dev, Readability's test pages; different pages for
 * each run), served by a third process (bench/server-fake-pages.ts), and the real reader fetches
 * them and extracts them through its worker pool, as in use. Default `fake`: two short fake pages.
 *
 * `--executor` (real engine only): the server is set up as `deepresearch serve` sets it up, from
 * configuration alone (model, SearXNG-shaped search in a process of its own, the real reader with
 * the page server's host allowed), and runs research in this thread (`thread`) or in research
 * threads (`worker`); bench/server-load-compare.ts --executors runs both side by side. Without it,
 * the engine gets the in-process fake search (and the fake reader with `--pages fake`).
 *
 * Reports runs per minute, event delivery delay from emit (the event's `at`) to the SSE client
 * (p50/p99), RSS per active run, and SQLite events written per second (under load, and raw).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { parseResearchConfig } from '../src/config/schemas.js';
import { summarizeFigures as summarize } from '../src/contract/index.js';
import { createExtractionPool, setSharedExtractionPool } from '../src/reader/extract-pool/pool.js';
import { createReader } from '../src/reader/index.js';
import { research } from '../src/research/index.js';
import { startResearchThread } from '../src/runs/research-threads/start-research-thread.js';
import type { SearchRequest } from '../src/search/types.js';
import { createApp, createRunService, silentLogger } from '../src/server/index.js';
import { createSqliteSourceCache, openSqliteStore } from '../src/store/index.js';
import { startEngineWorld } from '../src/testing/engine-world.js';
import { createFakeRunner } from '../src/testing/fake-runner.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { type ClientReceipt, createEventStages } from './lib/event-stages.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    'model-delay': { type: 'string', default: '500' },
    engine: { type: 'string', default: 'real' },
    /** Steps of each fake-engine run (each waits --model-delay): longer runs overlap more. */
    steps: { type: 'string', default: '6' },
    pages: { type: 'string', default: 'fake' },
    'pages-per-run': { type: 'string', default: '3' },
    extract: { type: 'string', default: 'workers' },
    executor: { type: 'string' },
    'executor-threads': { type: 'string' },
  },
});
const runCount = Number(values.runs);
const modelDelayMs = Number(values['model-delay']);
const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'deepresearch-bench-'));
// Where each event's time goes between its emit and its client (bench/lib/event-stages.ts).
const stages = createEventStages();
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Runs bench/server-load-clients.ts against the server: the clients live in a process of their own,
 * as they would in use, so the server's CPU and event loop figures are the server's alone.
 */
async function runClients(
  url: string,
): Promise<{ ids: string[]; receipts: ClientReceipt[]; elapsedMs: number }> {
  const script = fileURLToPath(new URL('./server-load-clients.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, String(runCount)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the client process exited with ${code}`);
  return JSON.parse(output);
}

/** Starts bench/server-fake-llm.ts in a child process and resolves with its URL. */
async function startModelProcess(): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./server-fake-llm.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(modelDelayMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => {
    child.stdout?.once('data', (chunk) => resolve(String(chunk).trim()));
  });
  return { url, child };
}

/** Starts bench/server-fake-pages.ts in a child process; resolves with its origin and page count. */
async function startPagesProcess(): Promise<{ origin: string; count: number; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./server-fake-pages.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => {
    child.stdout?.once('data', (chunk) => resolve(String(chunk).trim()));
  });
  const [origin = 'none', count = '0'] = line.split(' ');
  if (origin === 'none') throw new Error('--pages real needs ../shared/benchmark-data beside the repository');
  return { origin, count: Number(count), child };
}

/**
 * The runtime of `--pages real`: a search that answers run n's question (it ends in `(n)`) with
 * saved pages n·k … n·k+k−1, and the real reader (safe fetch, extraction in the worker pool).
 */
function realPagesRuntime(pages: { origin: string; count: number }) {
  const perRun = Number(values['pages-per-run']);
  const search = createFakeSearch((request: SearchRequest) => {
    const run = Number(/\((\d+)\)/.exec(request.query)?.[1] ?? runCount);
    return Array.from({ length: perRun }, (_, offset) => {
      const page = (run * perRun + offset) % pages.count;
      return { url: `${pages.origin}/page/${page}`, title: `Saved page ${page}`, snippet: request.query };
    });
  });
  return { searchProviders: [search], reader: createReader({ allowHosts: [new URL(pages.origin).host] }) };
}

/** Starts bench/server-fake-search.ts; resolves with its URL and the host of the pages it finds. */
async function startSearchProcess(pages: { origin: string; count: number } | undefined) {
  const script = fileURLToPath(new URL('./server-fake-search.ts', import.meta.url));
  const pageArgs = pages ? [pages.origin, String(pages.count), values['pages-per-run']] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...pageArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => {
    child.stdout?.once('data', (chunk) => resolve(String(chunk).trim()));
  });
  const [url = '', pagesHost = ''] = line.split(' ');
  return { url, pagesHost, child };
}

/**
 * `--executor`: the run service as `deepresearch serve` builds it, from configuration alone; with
 * `worker`, research runs in research threads.
 */
async function configuredRuns(options: {
  modelUrl: string;
  pages: { origin: string; count: number } | undefined;
  store: ReturnType<typeof openSqliteStore>;
}) {
  const search = await startSearchProcess(options.pages);
  const config = parseResearchConfig({
    model: 'openai-compatible:fake',
    baseURL: options.modelUrl,
    apiKey: 'sk-bench-key',
    search: ['searxng'],
    searxngUrl: search.url,
    allowHosts: [search.pagesHost],
  });
  const capabilities = { env: {}, sourceCache: createSqliteSourceCache(options.store.database) };
  const threads = Number(values['executor-threads'] ?? availableParallelism());
  const runs = createRunService({
    store: options.store,
    runner: research,
    config,
    maxConcurrentRuns: runCount,
    logger: silentLogger,
    capabilities,
    threads:
      values.executor === 'worker'
        ? { size: threads, env: {}, start: (data) => stages.watchThread(startResearchThread(data)) }
        : undefined,
  });
  return { config, capabilities, runs, child: search.child };
}

/** Without `--executor`: the engine (or the fake runner) with capabilities given in this thread. */
function injectedRuns(options: {
  world: Awaited<ReturnType<typeof startEngineWorld>> | undefined;
  pages: { origin: string; count: number } | undefined;
  store: ReturnType<typeof openSqliteStore>;
}) {
  const { world, pages, store } = options;
  const capabilities = {
    sourceCache: createSqliteSourceCache(store.database),
    ...world?.capabilities,
    ...(world && pages ? realPagesRuntime(pages) : {}),
  };
  const config = world?.config ?? parseResearchConfig({});
  const runs = createRunService({
    store,
    runner: world?.runner ?? createFakeRunner({ steps: Number(values.steps), stepDelayMs: modelDelayMs }),
    config,
    maxConcurrentRuns: runCount,
    logger: silentLogger,
    capabilities,
  });
  return { config, capabilities, runs, child: undefined };
}

async function main() {
  if (values.executor !== undefined && !['thread', 'worker'].includes(values.executor)) {
    throw new Error(`--executor is thread or worker, not ${values.executor}`);
  }
  if (values.executor !== undefined && values.engine !== 'real') {
    throw new Error(
      '--executor needs --engine real: the fake engine is an object, which cannot cross threads',
    );
  }
  // `--extract in-process`: pages extracted on the server's event loop, as before the worker pool.
  if (values.extract === 'in-process') setSharedExtractionPool(createExtractionPool({ workers: 0 }));
  const model = values.engine === 'real' ? await startModelProcess() : undefined;
  const configured = values.executor !== undefined;
  const world = model && !configured ? await startEngineWorld({ llmUrl: model.url }) : undefined;
  const pages = model && values.pages === 'real' ? await startPagesProcess() : undefined;
  const store = openSqliteStore({ path: join(directory, 'bench.db') });
  stages.watchStore(store);
  const setup =
    model && configured
      ? await configuredRuns({ modelUrl: model.url, pages, store })
      : injectedRuns({ world, pages, store });
  const { config, capabilities, runs } = setup;
  const server = createApp({
    runs,
    config,
    serve: { requestsPerMinute: 1_000_000 },
    logger: silentLogger,
    capabilities,
  });
  const listener = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;

  // Every research thread has loaded the engine (`serve` waits for them too) before the warm-up. A
  // baseline of bench/server-load-compare.ts may predate `executorReady`.
  await (runs as { executorReady?: () => Promise<void> }).executorReady?.();
  // Warm-up: one run loads every module and JIT-compiles the hot paths before measuring.
  const warmup = await fetch(`${url}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
  });
  await (await fetch(`${url}/api/runs/${((await warmup.json()) as { id: string }).id}/events`)).text();
  global.gc?.();
  const baselineRss = process.memoryUsage().rss;

  let peakRss = baselineRss;
  let peakActive = 0;
  const sampler = setInterval(() => {
    const running = runs.executing();
    const rss = process.memoryUsage().rss;
    if (running >= peakActive) {
      peakActive = running;
      peakRss = Math.max(peakRss, rss);
    }
  }, 100);

  const loopBefore = performance.eventLoopUtilization();
  // How long a task waits for the HTTP thread: its longest stalls, not only its busy share.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const eventsBefore = (store.database.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  const { ids, receipts, elapsedMs } = await runClients(url);
  const delays = receipts.map((receipt) => receipt.received - receipt.at);
  clearInterval(sampler);
  const loop = performance.eventLoopUtilization(loopBefore);
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const eventsAfter = (store.database.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  const statuses: Record<string, number> = {};
  for (const id of ids) {
    const status = (await store.getRun(id))?.status ?? 'missing';
    statuses[status] = (statuses[status] ?? 0) + 1;
  }

  // Page reads of the measured runs: how many worked, and how long they took (fetch + extraction).
  const reads = { ok: 0, failed: 0, durationsMs: [] as number[] };
  const measured = new Set(ids);
  const results = store.database
    .prepare("SELECT run_id AS runId, data FROM events WHERE type = 'tool-result'")
    .all() as { runId: string; data: string }[];
  for (const row of results) {
    const result = JSON.parse(row.data) as { tool?: string; ok?: boolean; durationMs?: number };
    if (!measured.has(row.runId) || result.tool !== 'read') continue;
    if (result.ok) reads.ok++;
    else reads.failed++;
    reads.durationsMs.push(result.durationMs ?? 0);
  }

  // Raw write speed, one event at a time (each its own commit), then many runs at once (batched).
  const rawEvent = (runId: string, index: number) => ({
    runId,
    index,
    at: new Date().toISOString(),
    step: 1,
    type: 'observation' as const,
    text: `observation ${index} `.repeat(8),
  });
  await store.createRun({ id: 'raw', question: 'raw', options: {}, createdAt: new Date().toISOString() });
  const sequentialCount = 5_000;
  let rawStarted = performance.now();
  for (let index = 0; index < sequentialCount; index++) await store.appendEvent(rawEvent('raw', index));
  const sequentialPerSecond = sequentialCount / ((performance.now() - rawStarted) / 1000);
  const rawRuns = 200;
  const perRun = 100;
  for (let run = 0; run < rawRuns; run++) {
    await store.createRun({
      id: `raw-${run}`,
      question: 'raw',
      options: {},
      createdAt: new Date().toISOString(),
    });
  }
  rawStarted = performance.now();
  const appends: Promise<void>[] = [];
  for (let index = 0; index < perRun; index++) {
    for (let run = 0; run < rawRuns; run++) appends.push(store.appendEvent(rawEvent(`raw-${run}`, index)));
    // One emit burst per step, as when many runs get their model replies in the same moment.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(appends);
  const batchedPerSecond = (rawRuns * perRun) / ((performance.now() - rawStarted) / 1000);

  const delay = summarize(delays);
  const figures = {
    engine: values.engine,
    executor: values.executor ?? 'thread (injected capabilities)',
    pages: pages ? `real (${values['pages-per-run']} saved pages a run)` : 'fake',
    extract: values.extract,
    runs: runCount,
    modelDelayMs,
    statuses,
    elapsedSeconds: Math.round(elapsedMs / 100) / 10,
    runsPerMinute: Math.round((runCount / elapsedMs) * 60_000),
    peakActiveRuns: peakActive,
    eventsDelivered: delays.length,
    eventDelayMs: { p50: delay.p50, p99: delay.p99, max: delay.max },
    eventDelayStagesMs: stages.report(receipts),
    pageReads: { ok: reads.ok, failed: reads.failed, durationMs: summarize(reads.durationsMs) },
    rssBaselineMb: megabytes(baselineRss),
    rssPeakMb: megabytes(peakRss),
    rssPerActiveRunKb: peakActive ? Math.round((peakRss - baselineRss) / peakActive / 1024) : null,
    eventLoopUtilization: Math.round(loop.utilization * 100) / 100,
    eventLoopDelayMs: {
      p50: Math.round(loopDelay.percentile(50) / 1e6),
      p99: Math.round(loopDelay.percentile(99) / 1e6),
      max: Math.round(loopDelay.max / 1e6),
    },
    cpuSecondsPerRun: Math.round(((cpu.user + cpu.system) / 1e6 / runCount) * 1000) / 1000,
    sqliteEventsWrittenUnderLoadPerSecond: Math.round((eventsAfter - eventsBefore) / (elapsedMs / 1000)),
    sqliteRawSequentialEventsPerSecond: Math.round(sequentialPerSecond),
    sqliteRawConcurrentRunsEventsPerSecond: Math.round(batchedPerSecond),
  };
  console.log(JSON.stringify(figures, null, 2));

  listener.close();
  if ('closeAllConnections' in listener) listener.closeAllConnections();
  await runs.shutdown({ graceMs: 1000 });
  await store.close();
  setup.child?.kill('SIGTERM');
  await world?.close();
  model?.child.kill('SIGTERM');
  pages?.child.kill('SIGTERM');
  rmSync(directory, { recursive: true, force: true });
}

await main();
