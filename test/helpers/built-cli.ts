/**
 * Vitest global setup of the end-to-end project: compiles `src/` to JavaScript once per run, so the
 * CLI and servers the tests spawn load plain JavaScript instead of each compiling its modules through
 * tsx's loader. A spawn from the sources spent 2.5 s of CPU importing the engine, one from JavaScript 1 s;
 * the suite spawns a few hundred. The output is made from the sources of this run, so a test never sees
 * a stale build, and it is deleted after the run.
 *
 * The compiled files sit in `<folder>/build`, one level below links to the clone's `package.json`,
 * `node_modules` and `web`, as `dist/` sits below the clone: every path the code takes from
 * `import.meta.url` (the package's version, the web UI, the packages it resolves) leads where it does
 * from `dist/`, though the CLI and its worker threads are bundles.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { BUILT_CLI_VARIABLE } from './run-cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = join(ROOT, 'src');

/** Every module of `sources` (a `src/` folder), tests and type tests aside. */
async function sourceModules(sources: string): Promise<string[]> {
  const files = await readdir(sources, { recursive: true });
  return files
    .filter((file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(file))
    .map((file) => join(sources, file));
}

/**
 * The modules started by a URL beside the module that starts them (worker threads, a process), written
 * `new URL(`./name.${fromSource ? 'ts' : 'js'}`, import.meta.url)`: each is bundled as an entry of its
 * own. One started some other way is missing from the build, and every test that starts it fails there.
 */
async function startedModules(modules: string[], sources: string): Promise<string[]> {
  const started = /new URL\(`\.\/([\w-]+)\.\$\{fromSource \? 'ts' : 'js'\}`/g;
  const names: string[] = [];
  for (const module of modules) {
    const text = await readFile(module, 'utf8');
    for (const match of text.matchAll(started))
      names.push(relative(sources, join(dirname(module), `${match[1]}.ts`)).replace(/\.ts$/, ''));
  }
  return names;
}

/**
 * Gives each bundled source module the `import.meta.url` it would have as a module of its own in
 * `output` (as in `dist/`), not the chunk's: the paths the code takes from it (worker entries, the
 * package's version, the web UI, grammars, `createRequire`) then lead where they do from `dist/`.
 */
function ownModuleUrls(output: string, sources: string): Plugin {
  return {
    name: 'own-module-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        const compiled = join(output, relative(sources, args.path).replace(/\.ts$/, '.js'));
        const text = await readFile(args.path, 'utf8');
        return {
          contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(compiled).href)),
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Compiles `src/` (or `sources`, another tree's `src/` for `bench/cli-spawn.ts --peer`) into
 * `<folder>/build` beside links to the clone's `package.json`, `node_modules` and `web`, and returns
 * the CLI's entry file (`<folder>/deepresearch.js`).
 *
 * The CLI and the worker threads are bundles of their sources (packages stay outside them), sharing
 * chunks and split where the code imports a module on demand, so a command still loads only what it
 * uses: Node resolved and loaded some 400 modules of `src/` one by one on every spawn and in every
 * worker it started.
 */
export async function compileCli(folder: string, sources = SOURCES): Promise<string> {
  const output = join(folder, 'build');
  await build({
    entryPoints: Object.fromEntries(
      ['cli/main', ...(await startedModules(await sourceModules(sources), sources))].map((name) => [
        name,
        join(sources, `${name}.ts`),
      ]),
    ),
    outdir: output,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // A stack trace names the TypeScript file and line, as from the sources: tests look for
    // `at … .ts:<line>` to prove an error reached the user without one. The maps sit in files of their
    // own, without the sources' text: Node reads and parses a chunk's map as it loads it, and a map
    // inline in a chunk several megabytes long cost a spawn 10% more CPU (median 1,314 against
    // 1,177 ms, 7 rounds alternated at load 27); a trace needs only the mappings.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [ownModuleUrls(output, sources)],
  });
  return linkClone(folder);
}

/**
 * Lays the links the compiled files need beside `<folder>/build` and writes the CLI's entry file
 * (`<folder>/deepresearch.js`), which it returns.
 */
async function linkClone(folder: string): Promise<string> {
  for (const name of ['package.json', 'node_modules', 'web'])
    await symlink(join(ROOT, name), join(folder, name));
  // Built, the corpus reads its grammars beside its modules (`npm run build` copies them there).
  const symbols = join(folder, 'build', 'corpus', 'symbols');
  await mkdir(symbols, { recursive: true });
  await symlink(join(ROOT, 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm'), join(symbols, 'grammars'));
  // The entry turns source maps on (as tsx does) before the CLI's modules load.
  const entry = join(folder, 'deepresearch.js');
  await writeFile(entry, "process.setSourceMapsEnabled(true);\nawait import('./build/cli/main.js');\n");
  return entry;
}

/**
 * Compiles `src/` (or `sources`) module by module into `<folder>/build` (maps inline), as `npm run
 * build` lays out `dist/` and as the tests spawned it before it was bundled, and returns its entry
 * file: for `bench/cli-spawn.ts` to measure what each command loads.
 */
export async function compileModuleByModule(folder: string, sources = SOURCES): Promise<string> {
  await build({
    entryPoints: await sourceModules(sources),
    outdir: join(folder, 'build'),
    outbase: sources,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return linkClone(folder);
}

let folder: string | undefined;

export async function setup(): Promise<void> {
  folder = await mkdtemp(join(tmpdir(), 'deepresearch-built-cli-'));
  // Test workers are started after the global setup and inherit its environment.
  process.env[BUILT_CLI_VARIABLE] = await compileCli(folder);
}

/**
 * Ends the processes of this run's CLI still running: a test that failed or timed out before it stopped
 * its server leaves it running (a child outlives the worker that spawned it), for as long as the machine
 * runs. They are found by their command line, which names this run's folder (Linux's `/proc`; elsewhere
 * nothing is ended).
 */
async function endLeftovers(folder: string): Promise<void> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await readFile(join('/proc', entry, 'cmdline'), 'utf8').catch(() => '');
    if (!command.includes(folder)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
    } catch {
      // It ended meanwhile.
    }
  }
}

export async function teardown(): Promise<void> {
  if (!folder) return;
  await endLeftovers(folder);
  await rm(folder, { recursive: true, force: true });
}
