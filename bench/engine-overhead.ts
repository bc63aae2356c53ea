/**
 * Orchestration CPU per step with instant fakes (no latency): what the engine itself costs, for a
 * pool of 200 and of 2,000 pages, this tree against an earlier commit's engine in the same run.
 *
 *   npx tsx bench/engine-overhead.ts                  # --pages 200,2000 against the baseline commit
 *   npx tsx bench/engine-overhead.ts --pages 200 --rounds 5 --runs 3
 *   npx tsx bench/engine-overhead.ts --baseline <git ref> | --no-baseline
 *   npx tsx bench/engine-overhead.ts --runs 12      # also the settled figure: each process's last six runs
 *
 * Each measurement is a process of its own (`bench/lib/engine-overhead-runs.ts`: one cold run, then
 * `--runs` warm ones); this tree's and the baseline's processes take turns, round after round, so both
 * see the same load. The baseline's `src/` is taken from git (`git archive`) into a temporary folder
 * that borrows this clone's node_modules. CPU time (user + system) of the runs, not wall time: the
 * machine may be busy. Targets: ≤ 3 ms a step at 200 pages; at 2,000 pages at most ~1.3 times that.
 * Each run's outcome (answer, references and every prompt the model got) is digested, and the bench
 * says whether all runs of both layouts did the same.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './lib/timing.js';

/**
 * The engine as the second round of work on its cost found it (`e0a3094` is the engine before any
 * of it, when issue 43 was opened: `--baseline e0a3094`).
 */
const DEFAULT_BASELINE = 'ea7aa6b';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : (argv[index + 1] ?? fallback);
};
const pageCounts = flag('--pages', '200,2000').split(',').map(Number);
const rounds = Number(flag('--rounds', '3'));
const runs = Number(flag('--runs', '3'));
const baselineRef = argv.includes('--no-baseline') ? undefined : flag('--baseline', DEFAULT_BASELINE);
const here = resolve(import.meta.dirname, '..');

/** A tree holding the baseline's src/ and package.json, or undefined (with why) when git cannot give it. */
function baselineTree(ref: string): string | undefined {
  const folder = mkdtempSync(join(tmpdir(), 'engine-baseline-'));
  try {
    const archive = execFileSync('git', ['-C', here, 'archive', '--format=tar', ref, 'src', 'package.json'], {
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    execFileSync('tar', ['-x', '-C', folder], { input: archive });
    symlinkSync(join(here, 'node_modules'), join(folder, 'node_modules'), 'dir');
    return folder;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    console.log(`no baseline: git cannot give ${ref} here (${(error as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

interface Measured {
  cold: number;
  perStep: number[];
  pool: number;
  stopReasons: string[];
  /** Digests of what the runs did (answer, references, every prompt); absent from older harnesses. */
  outcomes?: string[];
}

function measure(root: string, pages: number): Measured {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(here, 'bench/lib/engine-overhead-runs.ts'),
      '--root',
      root,
      '--pages',
      `${pages}`,
      '--runs',
      `${runs}`,
    ],
    { cwd: here, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    throw new Error(`the bench process for ${root} failed (${child.status}): ${child.stderr.slice(-2000)}`);
  }
  return JSON.parse(line) as Measured;
}

const baseline = baselineRef ? baselineTree(baselineRef) : undefined;
const layouts = [
  { name: 'this tree', root: here },
  ...(baseline ? [{ name: `baseline ${baselineRef}`, root: baseline }] : []),
];
const loads: number[] = [loadavg()[0] ?? 0];
const results = new Map<string, Measured[]>();
try {
  for (let round = 0; round < rounds; round += 1) {
    for (const pages of pageCounts) {
      // Turns alternate which layout goes first, so neither always meets the other's leftovers.
      const order = round % 2 === 0 ? layouts : [...layouts].reverse();
      for (const layout of order) {
        const key = `${layout.name}|${pages}`;
        results.set(key, [...(results.get(key) ?? []), measure(layout.root, pages)]);
        loads.push(loadavg()[0] ?? 0);
      }
    }
  }
} finally {
  if (baseline) rmSync(baseline, { recursive: true, force: true });
}

/**
 * The median of each process's second half of warm runs, once V8 has optimised the engine: what a
 * server that has run a few researches pays. Printed beside the main figure (every warm run), never
 * instead of it; shown only from 6 runs a process (`--runs 12` gives six settled runs).
 */
function settled(measured: Measured[]): string {
  if (runs < 6) return '—';
  return median(measured.flatMap((item) => item.perStep.slice(Math.floor(item.perStep.length / 2)))).toFixed(
    2,
  );
}

const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
console.log(
  `engine CPU per step, 40 steps, instant fakes; ${rounds} rounds × ${runs} warm runs a layout; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min)`,
);
row([
  'pages',
  'layout',
  'pool URLs',
  'median ms/step',
  'min–max',
  'settled ms/step',
  'cold ms/step (median)',
  'stop',
]);
row(['---', '---', '---', '---', '---', '---', '---', '---']);
const medians = new Map<string, number>();
for (const pages of pageCounts) {
  for (const layout of layouts) {
    const measured = results.get(`${layout.name}|${pages}`) ?? [];
    const warm = measured.flatMap((item) => item.perStep);
    medians.set(`${layout.name}|${pages}`, median(warm));
    row([
      pages,
      layout.name,
      measured[0]?.pool ?? 0,
      median(warm).toFixed(2),
      `${Math.min(...warm).toFixed(2)}–${Math.max(...warm).toFixed(2)}`,
      settled(measured),
      median(measured.map((item) => item.cold)).toFixed(2),
      [...new Set(measured.flatMap((item) => item.stopReasons))].join(' '),
    ]);
  }
}
for (const layout of layouts) {
  const [small, large] = [pageCounts[0], pageCounts.at(-1)];
  if (small === large) continue;
  const ratio = (medians.get(`${layout.name}|${large}`) ?? 0) / (medians.get(`${layout.name}|${small}`) ?? 1);
  console.log(`${layout.name}: ${large} pages cost ${ratio.toFixed(2)}× a step of ${small} pages`);
}
for (const pages of pageCounts) {
  // Instant fakes and a scripted planner: every run of every layout should do the very same.
  const outcomes = new Set(
    layouts.flatMap((layout) =>
      (results.get(`${layout.name}|${pages}`) ?? []).flatMap((item) => item.outcomes ?? []),
    ),
  );
  console.log(
    outcomes.size === 1
      ? `${pages} pages: every run of ${layouts.length === 1 ? 'this tree' : 'both layouts'} gave the same answer, references and prompts (${[...outcomes][0]})`
      : `${pages} pages: the runs DIFFER in answer, references or prompts: ${[...outcomes].join(' ')}`,
  );
}
if (baseline) {
  for (const pages of pageCounts) {
    const ratio =
      (medians.get(`this tree|${pages}`) ?? 0) / (medians.get(`baseline ${baselineRef}|${pages}`) ?? 1);
    console.log(`${pages} pages: this tree takes ${ratio.toFixed(2)}× the baseline's CPU per step`);
  }
}
