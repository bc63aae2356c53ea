/**
 * `bench/server-load.ts` of this tree and of an earlier commit's layout, side by side in one run:
 * the two take turns, round after round, under the same load, and the medians of the figures the
 * issue targets are printed for each: the HTTP thread's busy share (event-loop utilisation of the
 * server process's main thread), SSE delivery delay p50/p99, runs a minute and CPU seconds a run.
 *
 *   npx tsx bench/server-load-compare.ts [--baseline <git ref>] [--rounds 3] -- --runs 100 --pages real
 *   npx tsx bench/server-load-compare.ts --executors [--rounds 3] -- --runs 100
 *
 * `--executors` compares this tree with itself instead: research in the HTTP thread
 * (`--executor thread`) against research in research threads (`--executor worker`), both set up
 * from configuration as `deepresearch serve` is.
 *
 * Everything after `--` goes to bench/server-load.ts as it is. The baseline's `src/` is taken from
 * git (`git archive`) into a temporary folder with this tree's `bench/` (the same harness drives
 * both), this clone's node_modules and the same `../shared/benchmark-data`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './lib/timing.js';

/** The layout before all runs' events were written in one transaction per tick (issue 43, item 2). */
const DEFAULT_BASELINE = 'c4c9ea2';

const separator = process.argv.indexOf('--');
const ownArgs = process.argv.slice(2, separator === -1 ? undefined : separator);
const loadArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
const flag = (name: string, fallback: string) => {
  const index = ownArgs.indexOf(name);
  return index === -1 ? fallback : (ownArgs[index + 1] ?? fallback);
};
const baselineRef = flag('--baseline', DEFAULT_BASELINE);
const executors = ownArgs.includes('--executors');
const rounds = Number(flag('--rounds', '3'));
const here = resolve(import.meta.dirname, '..');

/** The baseline's src/ with this tree's bench/, beside a `shared` link as this clone sits beside it. */
function baselineTree(ref: string): { root: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'server-load-baseline-'));
  const root = join(folder, 'repo');
  mkdirSync(root);
  const archive = execFileSync(
    'git',
    ['-C', here, 'archive', '--format=tar', ref, 'src', 'package.json', 'tsconfig.json'],
    { maxBuffer: 1 << 28 },
  );
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  // The same harness (this tree's bench/) drives both layouts; only src/ differs.
  cpSync(join(here, 'bench'), join(root, 'bench'), { recursive: true });
  symlinkSync(join(here, 'node_modules'), join(root, 'node_modules'), 'dir');
  const shared = resolve(here, '..', 'shared');
  if (existsSync(shared)) symlinkSync(shared, join(folder, 'shared'), 'dir');
  return { root, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The figures of bench/server-load.ts this comparison reads. */
interface LoadFigures {
  statuses: Record<string, number>;
  eventDelayMs: { p50: number | null; p99: number | null };
  eventLoopUtilization: number;
  runsPerMinute: number;
  cpuSecondsPerRun: number;
}

/**
 * Runs bench/server-load.ts of the tree at `root` in a process group of its own; once it exits, what
 * is left of the group (its model and page servers, if it failed before stopping them) is ended.
 */
async function measure(root: string, args: readonly string[]): Promise<LoadFigures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/server-load.ts'), ...loadArgs, ...args],
    {
      cwd: here,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    process.kill(-(child.pid as number), 'SIGTERM');
  } catch {
    // The group has ended already: nothing is left to stop.
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const start = stdout.indexOf('\n{');
  const json = start === -1 && stdout.startsWith('{') ? stdout : stdout.slice(start + 1);
  if (status !== 0 || !json.startsWith('{')) {
    throw new Error(`bench/server-load.ts in ${root} failed (${status}): ${stderr.slice(-2000)}`);
  }
  return JSON.parse(json) as LoadFigures;
}

const baseline = executors ? undefined : baselineTree(baselineRef);
const layouts = baseline
  ? [
      { name: 'this tree', root: here, args: [] },
      { name: `baseline ${baselineRef}`, root: baseline.root, args: [] },
    ]
  : [
      { name: 'research in worker threads', root: here, args: ['--executor', 'worker'] },
      { name: 'research in the HTTP thread', root: here, args: ['--executor', 'thread'] },
    ];
const loads: number[] = [loadavg()[0] ?? 0];
const results = new Map<string, LoadFigures[]>();
const failures = new Map<string, number>();
try {
  for (let round = 0; round < rounds; round += 1) {
    // Turns alternate which layout goes first, so neither always meets the other's leftovers.
    for (const layout of round % 2 === 0 ? layouts : [...layouts].reverse()) {
      try {
        const figures = await measure(layout.root, layout.args);
        results.set(layout.name, [...(results.get(layout.name) ?? []), figures]);
        console.error(`${layout.name}, round ${round + 1}: ${JSON.stringify(figures)}`);
      } catch (error) {
        // A round that failed (under load a client's connection can be reset) is counted, not hidden.
        failures.set(layout.name, (failures.get(layout.name) ?? 0) + 1);
        console.error(`${layout.name}, round ${round + 1} failed: ${(error as Error).message}`);
      }
      loads.push(loadavg()[0] ?? 0);
    }
  }
} finally {
  baseline?.remove();
}

const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
const spread = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
console.log(
  `bench/server-load.ts ${loadArgs.join(' ')}; ${rounds} rounds a layout, taking turns; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min), ${availableParallelism()} cores`,
);
row([
  'layout',
  'rounds (failed)',
  'HTTP thread busy (median, min–max)',
  'SSE p50 ms',
  'SSE p99 ms (median, min–max)',
  'runs/min',
  'CPU s/run',
  'statuses',
]);
row(['---', '---', '---', '---', '---', '---', '---', '---']);
for (const layout of layouts) {
  const measured = results.get(layout.name) ?? [];
  const busy = measured.map((figures) => figures.eventLoopUtilization);
  const p99 = measured.map((figures) => figures.eventDelayMs.p99 ?? Number.NaN);
  row([
    layout.name,
    `${measured.length} (${failures.get(layout.name) ?? 0})`,
    `${median(busy).toFixed(2)} (${spread(busy)})`,
    median(measured.map((figures) => figures.eventDelayMs.p50 ?? Number.NaN)),
    `${median(p99)} (${spread(p99)})`,
    median(measured.map((figures) => figures.runsPerMinute)),
    median(measured.map((figures) => figures.cpuSecondsPerRun)),
    JSON.stringify(measured.at(-1)?.statuses ?? {}),
  ]);
}
