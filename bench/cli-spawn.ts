/**
 * What one spawn of the CLI costs the end-to-end tests: `bin/deepresearch.js` running the sources
 * through tsx (`DEEPRESEARCH_FROM_SOURCE=1`, what the tests spawned first), the same sources compiled and
 * loaded module by module (what they spawned next), and the CLI the end-to-end project's global setup
 * (`test/helpers/built-cli.ts`) now compiles and bundles from them.
 *
 *   npx tsx bench/cli-spawn.ts              # 5 rounds
 *   npx tsx bench/cli-spawn.ts --rounds 9
 *   npx tsx bench/cli-spawn.ts --run        # a whole research run against the demo world
 *
 * The command imports the whole engine, then fails at once on a model address nothing listens on (port 9),
 * as the lean-install tests do. The three take turns, round after round, so both see the same load; each
 * process reports its own CPU time (user + system) at exit, the figure that load does not inflate.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDemoWorld } from '../src/testing/demo-world.js';
import { compileCli, compileModuleByModule } from '../test/helpers/built-cli.js';
import { median } from './lib/timing.js';

const argv = process.argv.slice(2);
const roundsIndex = argv.indexOf('--rounds');
const rounds = roundsIndex === -1 ? 5 : Number(argv[roundsIndex + 1]);
const here = resolve(import.meta.dirname, '..');
// `--run`: a whole research run against the demo world (fake model, search and pages on 127.0.0.1),
// its extraction worker threads included, instead of a command that fails at once.
const world = argv.includes('--run') ? await startDemoWorld() : undefined;
const ARGS = world
  ? ['When was the Eiffel Tower completed?', ...world.args, '--json', '--quiet']
  : ['question', '--model', 'openai-compatible:x', '--base-url', 'http://127.0.0.1:9/v1'];

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
  // Spawned without blocking: the demo world of `--run` answers from this process.
  const spawnOnce = async (entry: string) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', reporter, entry, ...ARGS], {
      env: { PATH: process.env.PATH, HOME: folder, DEEPRESEARCH_FROM_SOURCE: '1', CPU_REPORT: report },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const status = await new Promise<number | null>((done) => child.on('close', done));
    const expected = world ? status === 0 : status === 1 && stderr.includes('Cannot reach the model server');
    if (!expected) throw new Error(`unexpected outcome of ${entry}: ${status}\n${stderr}`);
    return { wall: performance.now() - started, cpu: Number(readFileSync(report, 'utf8')) };
  };
  const perModule = await compileModuleByModule(join(folder, 'modules'));
  const fromSource: { wall: number; cpu: number }[] = [];
  const fromModules: { wall: number; cpu: number }[] = [];
  const fromBuild: { wall: number; cpu: number }[] = [];
  const loadBefore = loadavg()[0]?.toFixed(1);
  for (let round = 0; round < rounds; round++) {
    fromSource.push(await spawnOnce(join(here, 'bin', 'deepresearch.js')));
    fromModules.push(await spawnOnce(perModule));
    fromBuild.push(await spawnOnce(compiled));
  }
  const line = (name: string, runs: { wall: number; cpu: number }[]) =>
    `${name}: median CPU ${median(runs.map((run) => run.cpu)).toFixed(0)} ms, wall ${median(runs.map((run) => run.wall)).toFixed(0)} ms`;
  process.stdout.write(
    `${rounds} rounds, load ${loadBefore} → ${loadavg()[0]?.toFixed(1)}\n${line('sources through tsx', fromSource)}\n${line('compiled once, module by module', fromModules)}\n${line('compiled once, bundled', fromBuild)}\n`,
  );
} finally {
  await world?.close();
  rmSync(folder, { recursive: true, force: true });
}
