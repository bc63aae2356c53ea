/**
 * What one spawn of each CLI command costs, in this tree and in a peer (another commit's `src/`):
 * the process's CPU time (user + system, the figure load does not inflate) and the module files it
 * loaded, the packages' among them. Both trees are compiled the same way, module by module as
 * `npm run build` lays out `dist/` (`--layout bundled`: the bundle the end-to-end tests spawn), and
 * run against the same packages (this clone's `node_modules`).
 *
 *   npx tsx bench/cli-spawn.ts                       # this tree against main, 5 rounds
 *   npx tsx bench/cli-spawn.ts --peer 0601bc6 --rounds 7
 *   npx tsx bench/cli-spawn.ts --commands help,read --layout bundled
 *
 * Commands: `help` (--help), `read` (a local file), `search` (a folder indexed beforehand), `question`
 * (a whole research run against the demo world: fake model, search and pages on 127.0.0.1, its
 * extraction workers included), `serve` (until it says it is listening, then SIGTERM) and `mcp` (initialize
 * and tools/list over stdio, then end of input). The trees take turns, round after round, so both see
 * the same load, each first in every other round; the modules are counted in a spawn of their own (the
 * hook that counts them costs CPU).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDemoWorld } from '../src/testing/demo-world.js';
import { compileCli, compileModuleByModule } from '../test/helpers/built-cli.js';
import {
  MODULE_CENSUS_FLAG,
  MODULE_CENSUS_VARIABLE,
  type ModuleCensus,
  readModuleCensus,
} from '../test/helpers/module-census.js';
import { median } from './lib/timing.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : (argv[index + 1] ?? fallback);
};
const rounds = Number(option('--rounds', '5'));
const peer = option('--peer', 'main');
const layout = option('--layout', 'modules');
if (layout !== 'modules' && layout !== 'bundled') throw new Error('--layout is modules or bundled.');
const here = resolve(import.meta.dirname, '..');
/** How long one spawn may take before it is ended as hung. */
const SPAWN_LIMIT_MS = 120_000;

/** How one command is spawned, and when its spawn has done its work. */
interface Command {
  args: string[];
  /** Written to its stdin, which is then ended (none: stdin is closed at once). */
  input?: string;
  /** Whether its output so far (stdout and stderr) shows it did its work; it is then stopped (SIGTERM, or the end of its input). */
  ready?: (output: string) => boolean;
  /** Spawned once, untimed and uncounted, before it is measured (`search` indexes the folder). */
  warmUp?: boolean;
}

const world = await startDemoWorld();
const folder = mkdtempSync(join(tmpdir(), 'cli-spawn-bench-'));
const corpus = join(folder, 'corpus');
mkdirSync(corpus);
writeFileSync(join(corpus, 'notes.md'), '# Notes\n\nThe Eiffel Tower was completed in 1889.\n');
const mcpInput = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];
const everyCommand: Record<string, Command> = {
  help: { args: ['--help'] },
  read: { args: ['read', join(corpus, 'notes.md')] },
  search: { args: ['search', 'Eiffel', '--corpus', corpus], warmUp: true },
  question: { args: ['When was the Eiffel Tower completed?', ...world.args, '--json', '--quiet'] },
  serve: {
    args: ['serve', '--port', '0', ...world.args],
    ready: (output) => /Listening on http/.test(output),
  },
  mcp: {
    args: ['mcp', ...world.args],
    input: mcpInput.map((message) => `${JSON.stringify(message)}\n`).join(''),
    ready: (output) => /"result":\{"tools"/.test(output),
  },
};
const names = option('--commands', Object.keys(everyCommand).join(',')).split(',');

try {
  // Loaded before the CLI (`node --import`): writes the process's CPU time in ms to the report file at exit.
  const reporter = join(folder, 'report-cpu.mjs');
  writeFileSync(
    reporter,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => { const { user, system } = process.cpuUsage(); writeFileSync(process.env.CPU_REPORT, String((user + system) / 1000)); });`,
  );
  const compile = layout === 'bundled' ? compileCli : compileModuleByModule;
  const peerSources = join(folder, 'peer-tree');
  mkdirSync(peerSources);
  execFileSync('git', ['archive', '--output', join(folder, 'peer.tar'), peer, 'src'], { cwd: here });
  execFileSync('tar', ['-xf', join(folder, 'peer.tar'), '-C', peerSources]);
  const trees = [
    { name: 'this tree', entry: await compile(join(folder, 'this')), home: join(folder, 'home-this') },
    {
      name: peer,
      entry: await compile(join(folder, 'peer'), join(peerSources, 'src')),
      home: join(folder, 'home-peer'),
    },
  ];

  /** Spawns one command of one tree; resolves with its CPU ms once it exited as it should. */
  const spawnOnce = async (
    tree: (typeof trees)[number],
    name: string,
    flag: string,
    env: Record<string, string>,
  ) => {
    const command = everyCommand[name];
    if (!command)
      throw new Error(`No command ${name}; the commands are ${Object.keys(everyCommand).join(', ')}.`);
    const report = join(folder, 'cpu.txt');
    rmSync(report, { force: true });
    const child = spawn(process.execPath, [flag, tree.entry, ...command.args], {
      env: { PATH: process.env.PATH, HOME: tree.home, CPU_REPORT: report, ...env },
      stdio: [command.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let stderr = '';
    let done = false;
    const onOutput = (chunk: Buffer) => {
      output += chunk;
      if (done || !command.ready?.(output)) return;
      done = true;
      // A server is stopped as a person stops it; the MCP server ends with its input.
      if (command.input === undefined) child.kill('SIGTERM');
      else child.stdin?.end();
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
      onOutput(chunk);
    });
    if (command.input !== undefined) child.stdin?.write(command.input);
    // A spawn that never ends (a server not stopped) fails the bench instead of hanging it.
    const timer = setTimeout(() => child.kill('SIGKILL'), SPAWN_LIMIT_MS);
    const status = await new Promise<number | null>((done) => child.on('close', done));
    clearTimeout(timer);
    if (status !== 0) throw new Error(`${tree.name}: ${name} exited with ${status}\n${stderr}`);
    // A counting spawn reports no CPU time.
    return existsSync(report) ? Number(readFileSync(report, 'utf8')) : Number.NaN;
  };

  const loadBefore = loadavg().map((value) => value.toFixed(1));
  const rows: string[] = [];
  for (const name of names) {
    const counts: ModuleCensus[] = [];
    for (const tree of trees) {
      if (everyCommand[name]?.warmUp) await spawnOnce(tree, name, `--import=${reporter}`, {});
      // This spawn is not timed: it counts the modules.
      const census = join(folder, `census-${name}.txt`);
      rmSync(census, { force: true });
      await spawnOnce(tree, name, MODULE_CENSUS_FLAG, { [MODULE_CENSUS_VARIABLE]: census });
      counts.push(readModuleCensus(census));
    }
    const cpu: number[][] = trees.map(() => []);
    for (let round = 0; round < rounds; round++) {
      // Each tree goes first in every other round: the second spawn of a round may find files cached.
      for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const tree = trees[index];
        if (tree) cpu[index]?.push(await spawnOnce(tree, name, `--import=${reporter}`, {}));
      }
    }
    const cell = (index: number) => {
      const census = counts[index];
      const packages = census ? [...census.packages.values()].reduce((sum, count) => sum + count, 0) : 0;
      return `${median(cpu[index] ?? []).toFixed(0)} ms CPU, ${census?.files.length} modules (${packages} of packages)`;
    };
    rows.push(`${name.padEnd(9)} this tree ${cell(0)}; ${peer}: ${cell(1)}`);
  }
  process.stdout.write(
    `${layout === 'bundled' ? 'bundled as the tests spawn it' : 'module by module, as dist/'}; medians of ${rounds} rounds; load ${loadBefore.join(' ')} → ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n${rows.join('\n')}\n`,
  );
} finally {
  await world.close();
  rmSync(folder, { recursive: true, force: true });
}
