/**
 * Load test across nodes on loopback: 2 API + 3 worker `deepresearch serve` processes (the real CLI)
 * against one throwaway Postgres (the test cluster helper), N runs with the fake model, the fake
 * search and the fake page server; then the same N runs on one `serve` over SQLite.
 *
 *   npx tsx bench/cluster.ts [--runs 1000] [--scale 1] [--in-flight 24] [--model-delay 50]
 *                            [--per-worker 8] [--apis 2] [--workers 3] [--no-faults] [--no-sqlite]
 *
 * `--scale 0.1` runs a tenth of `--runs` (printed): 1,000 real-engine runs take long on a shared
 * machine. Each run is started on one API node and followed over SSE on the other. In the cluster
 * phase a worker is SIGKILLed once a third of the runs have ended (a new one starts in its place)
 * and an API node is restarted at two thirds (its followers reconnect to the other with `after`).
 * Prints runs/min, SSE delivery p50/p99 (event `at` → client; on Postgres split at the moment the
 * bench itself hears the append's announcement), CPU seconds per run of the serving processes, and
 * events lost: stored events a client never got, gaps or repeats in a run's stored indexes, and runs
 * that did not end. `--apis`/`--workers` change the cluster's shape, `--no-faults` leaves every
 * node up, `--no-sqlite` skips the SQLite phase. Needs Postgres's server programs (initdb, postgres).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { startDemoWorld } from '../src/testing/demo-world.js';
import { startPostgresCluster } from '../src/testing/vitest/postgres-cluster.js';
import { startServe, stopServe } from '../test/helpers/serve.js';
import { type Announcements, listenToAnnouncements } from './lib/event-announcements.js';
import { type Delivery, type FollowedRun, politeFetch, runClients } from './lib/follow-clients.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    scale: { type: 'string', default: '1' },
    'in-flight': { type: 'string', default: '24' },
    'model-delay': { type: 'string', default: '50' },
    'per-worker': { type: 'string', default: '8' },
    apis: { type: 'string', default: '2' },
    workers: { type: 'string', default: '3' },
    'no-faults': { type: 'boolean', default: false },
    'no-sqlite': { type: 'boolean', default: false },
  },
});
const runCount = Math.max(3, Math.round(Number(values.runs) * Number(values.scale)));
const inFlight = Number(values['in-flight']);
const perWorker = Number(values['per-worker']);
const delayMs = Number(values['model-delay']);
const apiCount = Math.max(1, Number(values.apis));
const workerCount = Math.max(1, Number(values.workers));

type Node = { url: string; child: ChildProcess };
/** CPU of processes that were killed or restarted, read just before they went. */
let killedCpu = 0;

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], share: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0) : 0;
const p50p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5)} ms, p99 ${percentile(sorted, 0.99)} ms`;
};

/** Splits each delivery at the moment the bench heard its announcement (those it heard). */
function splitDelays(deliveries: Delivery[], announcements: Announcements): string {
  const stored: number[] = [];
  const relayed: number[] = [];
  for (const delivery of deliveries) {
    const heard = announcements.heard.get(`${delivery.runId}:${delivery.index}`);
    if (heard === undefined) continue;
    stored.push(heard - delivery.at);
    relayed.push(delivery.arrived - heard);
  }
  return `; event → announced ${p50p99(stored)}; announced → client ${p50p99(relayed)}`;
}

/** Events lost: compares what each client got with what the store holds for its run. */
async function countLost(url: string, runs: FollowedRun[]) {
  let lost = 0;
  let repeatedStored = 0;
  let unfinished = 0;
  let events = 0;
  for (const run of runs) {
    const stored = (await (await politeFetch(`${url}/api/runs/${run.id}/events?format=json`)).json()) as {
      index: number;
      type: string;
    }[];
    events += stored.length;
    if (stored.some((event, position) => event.index !== position)) repeatedStored++;
    if (stored.at(-1)?.type !== 'run-end') unfinished++;
    const got = new Set(run.received);
    const missing = stored.filter((event) => !got.has(event.index));
    if (missing.length > 0 && process.env.BENCH_DEBUG)
      console.log(
        run.id,
        'stored',
        stored.length,
        'received',
        run.received.join(','),
        'missing',
        missing.map((event) => `${event.index}:${event.type}`).join(','),
      );
    lost += missing.length;
    if (process.env.BENCH_DEBUG) {
      const record = (await (await politeFetch(`${url}/api/runs/${run.id}`)).json()) as { createdAt: string };
      const times = [
        Date.parse(record.createdAt),
        ...stored.map((event) => Date.parse((event as unknown as { at: string }).at)),
      ];
      let gap = 0;
      let at = 0;
      for (let position = 1; position < times.length; position++) {
        const step = (times[position] ?? 0) - (times[position - 1] ?? 0);
        if (step > gap) [gap, at] = [step, position - 1];
      }
      if (gap > 3000) console.log(run.id, 'longest gap', gap, 'ms before event', at, stored[at]?.type);
    }
  }
  return { lost, badIndexes: repeatedStored, unfinished, events };
}

async function phase(options: {
  name: string;
  apis: () => string[];
  processes: () => (number | undefined)[];
  /** Of those, the api nodes': their share is printed (when none was killed or restarted). */
  apiProcesses?: () => (number | undefined)[];
  faults?: (ended: number) => void;
  announcements?: Announcements;
}) {
  const deliveries: Delivery[] = [];
  const cpuBefore = new Map(options.processes().map((pid) => [pid, cpuSeconds(pid)]));
  const started = performance.now();
  const runs = await runClients({
    nodes: options.apis,
    runs: runCount,
    inFlight,
    deliveries,
    ...(options.faults ? { onRunEnded: options.faults } : {}),
  });
  const minutes = (performance.now() - started) / 60_000;
  const cpu = options
    .processes()
    .reduce<number>((sum, pid) => sum + cpuSeconds(pid) - (cpuBefore.get(pid) ?? 0), killedCpu);
  const apiCpu = options
    .apiProcesses?.()
    .reduce<number>((sum, pid) => sum + cpuSeconds(pid) - (cpuBefore.get(pid) ?? 0), 0);
  const apiShare =
    apiCpu !== undefined && killedCpu === 0 ? ` (api nodes ${(apiCpu / runCount).toFixed(2)} s)` : '';
  const check = await countLost(options.apis()[0] as string, runs);
  const delays = deliveries.map((delivery) => delivery.arrived - delivery.at);
  console.log(
    `${options.name}: ${runCount} runs in ${(minutes * 60).toFixed(0)} s = ${(runCount / minutes).toFixed(1)} runs/min; ` +
      `SSE ${p50p99(delays)} (${delays.length} live events` +
      `${options.announcements ? splitDelays(deliveries, options.announcements) : ''}); ` +
      `CPU ${(cpu / runCount).toFixed(2)} s/run${apiShare}; events lost ${check.lost} of ${check.events}, ` +
      `runs with bad indexes ${check.badIndexes}, unfinished ${check.unfinished}`,
  );
}

const world = await startDemoWorld({
  script: (request) => ({ text: cooperativeResearcher(request), delayMs }),
});
console.log(
  `${runCount} runs per phase (--runs ${values.runs} × --scale ${values.scale}), ${inFlight} in flight`,
);

const postgres = await startPostgresCluster();
if ('url' in postgres) {
  const db = ['--db', postgres.url];
  const api = () => startServe([...db, '--role', 'api', ...world.args]);
  const worker = () =>
    startServe([
      ...db,
      '--role',
      'worker',
      '--worker-timeout',
      '5',
      '--max-concurrent-runs',
      String(perWorker),
      ...world.args,
    ]);
  const apis: Node[] = await Promise.all(Array.from({ length: apiCount }, api));
  const workers: Node[] = await Promise.all(Array.from({ length: workerCount }, worker));
  const announcements = await listenToAnnouncements(postgres.url);
  let killed = false;
  let restarted = false;
  /** Nodes starting in place of those stopped: waited for before Postgres goes. */
  const starting: Promise<unknown>[] = [];
  await phase({
    name: `Postgres, ${apiCount} api + ${workerCount} workers`,
    apis: () => apis.map((node) => node.url),
    processes: () => [...apis, ...workers].map((node) => node.child.pid),
    apiProcesses: () => apis.map((node) => node.child.pid),
    announcements,
    faults(ended) {
      if (values['no-faults']) return;
      if (!killed && ended >= runCount / 3) {
        killed = true;
        const victim = workers.shift() as Node;
        killedCpu += cpuSeconds(victim.child.pid);
        victim.child.kill('SIGKILL');
        console.log(`  SIGKILLed a worker after ${ended} runs; a new one starts`);
        starting.push(worker().then((node) => workers.push(node)));
      }
      if (!restarted && ended >= (2 * runCount) / 3) {
        restarted = true;
        const restarting = apis.shift() as Node;
        killedCpu += cpuSeconds(restarting.child.pid);
        console.log(`  restarting an api node after ${ended} runs`);
        starting.push(
          stopServe(restarting.child)
            .then(api)
            .then((node) => apis.push(node)),
        );
      }
    },
  });
  killedCpu = 0;
  await announcements.stop();
  await Promise.all(starting);
  await Promise.all([...apis, ...workers].map((node) => stopServe(node.child)));
  await postgres.stop();
} else {
  console.log(`Postgres phase skipped: ${postgres.skipped}`);
}

if (!values['no-sqlite']) {
  const folder = mkdtempSync(join(tmpdir(), 'deepresearch-cluster-bench-'));
  const sqlite = await startServe([
    '--db',
    join(folder, 'runs.db'),
    '--max-concurrent-runs',
    String(perWorker * workerCount),
    ...world.args,
  ]);
  await phase({
    name: 'SQLite, one serve',
    apis: () => [sqlite.url],
    processes: () => [sqlite.child.pid],
  });
  await stopServe(sqlite.child);
  rmSync(folder, { recursive: true, force: true });
}
await world.close();
