/**
 * What one spawn of the CLI costs the end-to-end tests: `bin/deepresearch.js` running the sources
 * through tsx (`DEEPRESEARCH_FROM_SOURCE=1`, what the tests spawned first), the same sources compiled and
 * loaded module by module (what they spawned next), and the CLI the end-to-end project's global setup
 * (`test/helpers/built-cli.ts`) now compiles and bundles from them.
 *
 *   npx tsx bench/cli-spawn.ts              # 5 rounds
 *   npx tsx bench/cli-spawn.ts --rounds 9
 *
 * The command imports the whole engine, then fails at once on a model address nothing listens on (port 9),
 * as the lean-install tests do. The three take turns, round after round, so both see the same load; each
 * process reports its own CPU time (user + system) at exit, the figure that load does not inflate.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileCli, compileModuleByModule } from '../test/helpers/built-cli.js';
import { median } from './lib/timing.js';

const argv = process.argv.slice(2);
const roundsIndex = argv.indexOf('--rounds');
const rounds = roundsIndex === -1 ? 5 : Number(argv[roundsIndex + 1]);
const here = resolve(import.meta.dirname, '..');
const ARGS = ['question', '--model', 'openai-compatible:x', '--base-url', 'http://127.0.0.1:9/v1'];

const folder = mkdtempSync(join(tmpdir(), 'cli-spawn-bench-'));
try {
  const compiled = await compileCli(join(folder, 'cli'));
  // Loaded before the CLI (`node --import`): writes the process's CPU time in ms to the report file at exit.
  const reporter = join(folder, 'report-cpu.mjs');
  writeFileSync(
    reporter,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => { const { user, system } = process.cpuUsage(); writeFileSync(process.env.CPU_REPORT, String((user + system) / 1000)); });`,
  );
  const report = join(folder, 'cpu.txt');
  const spawnOnce = (entry: string) => {
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', reporter, entry, ...ARGS], {
      env: { PATH: process.env.PATH, HOME: folder, DEEPRESEARCH_FROM_SOURCE: '1', CPU_REPORT: report },
      encoding: 'utf8',
    });
    if (run.status !== 1 || !run.stderr.includes('Cannot reach the model server')) {
      throw new Error(`unexpected outcome of ${entry}: ${run.status}\n${run.stderr}`);
    }
    return { wall: performance.now() - started, cpu: Number(readFileSync(report, 'utf8')) };
  };
  const perModule = await compileModuleByModule(join(folder, 'modules'));
  const fromSource: { wall: number; cpu: number }[] = [];
  const fromModules: { wall: number; cpu: number }[] = [];
  const fromBuild: { wall: number; cpu: number }[] = [];
  const loadBefore = loadavg()[0]?.toFixed(1);
  for (let round = 0; round < rounds; round++) {
    fromSource.push(spawnOnce(join(here, 'bin', 'deepresearch.js')));
    fromModules.push(spawnOnce(perModule));
    fromBuild.push(spawnOnce(compiled));
  }
  const line = (name: string, runs: { wall: number; cpu: number }[]) =>
    `${name}: median CPU ${median(runs.map((run) => run.cpu)).toFixed(0)} ms, wall ${median(runs.map((run) => run.wall)).toFixed(0)} ms`;
  process.stdout.write(
    `${rounds} rounds, load ${loadBefore} → ${loadavg()[0]?.toFixed(1)}\n${line('sources through tsx', fromSource)}\n${line('compiled once, module by module', fromModules)}\n${line('compiled once, bundled', fromBuild)}\n`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
