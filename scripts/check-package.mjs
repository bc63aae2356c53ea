#!/usr/bin/env node
// What users install, checked (`npm run check:package`; `.ci/run` after `npm test`): packs the package
// the way a user does (`npm pack`, whose prepack takes `prepare` out of the packed manifest), checks that
// the packed package.json has no install script, installs the tarball into an empty folder the way a
// user does who wants the core alone (no devDependencies, no optional dependencies, from the npm
// registry or its cache; npm names no install script of ours), then runs what a user runs first: `deepresearch --help`, `read` on a local
// file, `search` on a small folder, `serve` until /health answers, `mcp` (initialize over stdio), an ESM
// import of `deepresearch`, `deepresearch/testing` and `deepresearch/mcp`, and a TypeScript consumer
// type-check with skipLibCheck off; checks that a model whose optional package is missing is refused
// before any work; then installs the tarball again with its optional dependencies (a plain install).
// Prints the tarball's figures and both installs' (the lean one also without a source build's
// leftovers, which a prebuilt native binary does not have).
//
// Options: --no-build packs dist/ as it is (CI: `npm install` has just built it; otherwise `npm pack`
// builds it in its prepack); --keep leaves the temporary folder for a look.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installScripts, packManifest } from './pack-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const flags = new Set(process.argv.slice(2));
const work = mkdtempSync(join(tmpdir(), 'deepresearch-package-'));
const consumer = join(work, 'consumer');
const home = join(work, 'home');
const bin = join(consumer, 'node_modules', '.bin', 'deepresearch');
/** A user's environment, without this repository's settings, keys or node_modules on any path. */
const userEnv = { PATH: process.env.PATH ?? '', HOME: home, XDG_DATA_HOME: join(home, 'data') };
const figures = [];
const failures = [];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? consumer,
    env: options.env ?? userEnv,
    encoding: 'utf8',
    // Generous: a loaded 2-core machine took over 120 s for the TypeScript check alone.
    timeout: options.timeoutMs ?? 600_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}\n${output}`);
  }
  return result;
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function step(name, check) {
  const started = Date.now();
  try {
    await check();
    process.stdout.write(`ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  } catch (error) {
    failures.push(name);
    process.stdout.write(`FAIL  ${name}\n${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** Disk use of a folder in MB, as `du -sm` gives it (the figure the README quotes). */
function diskUse(path) {
  const result = spawnSync('du', ['-sm', path], { encoding: 'utf8' });
  return result.status === 0 ? Number.parseInt(result.stdout, 10) : Number.NaN;
}

/** Starts `deepresearch <args>` and resolves when `ready` matches its output; rejects when it exits first. */
function startCli(args, ready, timeoutMs = 180_000) {
  const child = spawn(bin, args, { cwd: consumer, env: userEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const match = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`deepresearch ${args[0]} did not answer:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      output += chunk;
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`deepresearch ${args[0]} exited with ${code}:\n${output}`));
    });
    // Not installed (a failed install before): the step fails, the script goes on to the next.
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return { child, match };
}

async function stop(child) {
  // A child that never started (no pid) has nothing to stop.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

let tarball;

/** `npm pack` as a user runs it (prepack builds and strips, postpack restores), or of dist/ as built. */
function pack() {
  const options = { cwd: root, env: process.env, timeoutMs: 600_000 };
  if (!flags.has('--no-build')) return run('npm', ['pack', '--json', '--pack-destination', work], options);
  packManifest.strip();
  try {
    return run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], options);
  } finally {
    packManifest.restore();
  }
}

await step(flags.has('--no-build') ? 'pack dist/ as built' : 'build and pack', () => {
  const packed = pack();
  // The build's own output may come first on stdout; npm prints the JSON list last.
  const [manifest] = JSON.parse(packed.stdout.slice(packed.stdout.lastIndexOf('\n[') + 1));
  tarball = join(work, manifest.filename);
  const paths = manifest.files.map((file) => file.path);
  const unwanted = paths.filter((path) => /\.map$|\.test\.|^src\/|^test\//.test(path));
  expect(
    unwanted.length === 0,
    `the tarball carries files users do not need:\n${unwanted.slice(0, 10).join('\n')}`,
  );
  expect(paths.includes('LICENSE'), 'the tarball has no LICENSE');
  expect(paths.includes('dist/cli/main.js'), 'the tarball has no dist/cli/main.js: run `npm run build`');
  const packedScripts = JSON.parse(
    run('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: work, env: process.env }).stdout,
  ).scripts;
  const shipped = installScripts.filter((name) => packedScripts?.[name] !== undefined);
  expect(
    shipped.length === 0,
    `the packed package.json has install scripts (${shipped.join(', ')}): npm warns about each on install`,
  );
  const ownScripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
  expect(
    ownScripts?.prepare,
    "the clone's package.json lost its prepare script: run `node scripts/pack-manifest.mjs restore`",
  );
  figures.push(
    `tarball: ${(manifest.size / 1e6).toFixed(1)} MB packed, ${(manifest.unpackedSize / 1e6).toFixed(1)} MB unpacked, ${manifest.entryCount} files`,
  );
});

/** Disk use of a file or folder in KB, as `du -sk` gives it. */
function diskUseKb(path) {
  const result = spawnSync('du', ['-sk', path], { encoding: 'utf8' });
  return result.status === 0 ? Number.parseInt(result.stdout, 10) : 0;
}

/**
 * What a native package compiled here leaves that a prebuilt binary does not: where npm could not
 * download one (no network, an unusual platform), node-gyp builds from source and keeps its object
 * files, static library and makefiles under `build/`; a download brings `build/Release/*.node` alone.
 * Returns the MB of those leftovers and the packages they are in.
 */
function sourceBuildLeftovers(nodeModules) {
  const found = spawnSync('find', [nodeModules, '-path', '*/build/config.gypi'], { encoding: 'utf8' });
  const builds = (found.stdout ?? '')
    .split('\n')
    .filter(Boolean)
    .map((file) => dirname(file));
  let kilobytes = 0;
  for (const build of builds) {
    const release = join(build, 'Release');
    const binaries = statSync(release, { throwIfNoEntry: false })
      ? readdirSync(release).filter((name) => name.endsWith('.node'))
      : [];
    kilobytes += diskUseKb(build) - binaries.reduce((sum, name) => sum + diskUseKb(join(release, name)), 0);
  }
  const packages = builds.map((build) => relative(nodeModules, dirname(build)));
  return { megabytes: kilobytes / 1024, packages };
}

/** Installs the tarball as a user does; `omit` are npm's dependency kinds left out. */
function installTarball(omit) {
  const started = Date.now();
  // npm needs its own settings (registry, cache) from the real environment.
  const installed = run(
    'npm',
    [
      'install',
      ...omit.map((kind) => `--omit=${kind}`),
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      tarball,
    ],
    { env: process.env, timeoutMs: 900_000 },
  );
  const ourScriptWarnings = `${installed.stdout}${installed.stderr}`
    .split('\n')
    .filter((line) => /install-scripts/.test(line) && /\bdeepresearch@/.test(line));
  expect(
    ourScriptWarnings.length === 0,
    `npm warned about an install script of ours:\n${ourScriptWarnings.join('\n')}`,
  );
  return {
    added: /added (\d+) packages?/.exec(installed.stdout)?.[1] ?? '0',
    /** npm's own summary, e.g. "added 40 packages, removed 1 package in 75s". */
    summary: /^(?:added|removed|changed|up to date)\b.*$/m.exec(installed.stdout)?.[0] ?? '',
    seconds: (Date.now() - started) / 1000,
  };
}

const optionalPackages = Object.keys(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).optionalDependencies ?? {},
);
const present = (names) =>
  names.filter((name) => statSync(join(consumer, 'node_modules', name), { throwIfNoEntry: false }));

// The lean install first: every check below runs on it, since what a user of the core features
// installs must work without the optional packages. The plain install adds them at the end.
await step('install the tarball without devDependencies and optional dependencies (the lean install)', () => {
  expect(tarball, 'nothing was packed');
  mkdirSync(consumer, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(consumer, 'package.json'),
    '{ "name": "consumer", "private": true, "type": "module" }\n',
  );
  const { added, seconds } = installTarball(['dev', 'optional']);
  const nodeModules = join(consumer, 'node_modules');
  const megabytes = diskUse(nodeModules);
  const leftovers = sourceBuildLeftovers(nodeModules);
  const withoutLeftovers =
    leftovers.packages.length === 0
      ? ''
      : `; ${(megabytes - leftovers.megabytes).toFixed(0)} MB without the ${leftovers.megabytes.toFixed(0)} MB a source build of ${leftovers.packages.join(', ')} left under build/ (all but build/Release/*.node, which is what a prebuilt binary brings)`;
  figures.push(
    `lean install (npm install --omit=dev --omit=optional): ${added} packages, ${megabytes.toFixed(0)} MB in node_modules${withoutLeftovers}, ${seconds.toFixed(0)} s`,
  );
  const devTools = present(['tsx', 'esbuild', 'typescript', 'vitest', 'vite', '@vscode/tree-sitter-wasm']);
  expect(devTools.length === 0, `build or test tools were installed: ${devTools.join(', ')}`);
  const optional = present(optionalPackages);
  expect(optional.length === 0, `--omit=optional installed optional packages: ${optional.join(', ')}`);
});

await step('a model whose optional package the lean install left out is refused before any work', () => {
  const refused = spawnSync(bin, ['a question', '--model', 'anthropic:claude-haiku-4-5'], {
    cwd: consumer,
    env: { ...userEnv, ANTHROPIC_API_KEY: 'not-used' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(
    refused.status === 1 && refused.stderr.includes('npm install @ai-sdk/anthropic '),
    `deepresearch --model anthropic:… exited with ${refused.status} and printed:\n${refused.stdout}${refused.stderr}`,
  );
});

await step('deepresearch --help', () => {
  const { stdout } = run(bin, ['--help']);
  expect(/Usage:/.test(stdout), `--help printed no usage:\n${stdout}`);
});

await step('deepresearch read on a local file', () => {
  const page = join(work, 'page.html');
  writeFileSync(
    page,
    '<!doctype html><html><head><title>Heat pumps</title></head><body><nav>Home · About</nav><article><h1>Heat pumps</h1>' +
      '<p>A heat pump moves heat from the cold outside air into the house, even at minus twenty degrees.</p>' +
      '<p>Its efficiency falls as the outside temperature drops, so cold-climate models use vapour injection.</p>' +
      '</article></body></html>',
  );
  const { stdout } = run(bin, ['read', page, '--format', 'text', '--quiet']);
  expect(stdout.includes('vapour injection'), `read did not print the page's text:\n${stdout}`);
});

await step('deepresearch search on a small folder (index, tree-sitter symbols)', () => {
  const folder = join(work, 'corpus');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'notes.md'),
    '# Notes\n\nThe reactor cools down through a secondary loop of heavy water.\n',
  );
  writeFileSync(
    join(folder, 'thermostat.ts'),
    'export function targetTemperature(hour: number): number {\n  return hour < 7 ? 17 : 21;\n}\n',
  );
  const index = join(work, 'corpus.db');
  const indexed = run(bin, ['index', folder, '--index', index, '--quiet']);
  const symbols = Number(/([\d,]+) symbols?\b/.exec(indexed.stdout)?.[1]?.replace(/,/g, '') ?? 0);
  expect(symbols > 0, `index found no symbols (are the tree-sitter grammars shipped?):\n${indexed.stdout}`);
  const { stdout } = run(bin, [
    'search',
    'secondary loop heavy water',
    '--corpus',
    folder,
    '--index',
    index,
    '--json',
  ]);
  const hits = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(hits[0]?.path === 'notes.md', `search did not find notes.md first:\n${stdout}`);
});

await step('deepresearch serve until /health answers', async () => {
  const database = join(work, 'runs.db');
  const { child, match } = startCli(
    ['serve', '--port', '0', '--db', database, '--model', 'ollama:llama3.1', '--quiet'],
    /Listening on (http:\/\/\S+)/,
  );
  try {
    const [, url] = await match;
    const response = await fetch(new URL('/health', url.replace('localhost', '127.0.0.1')));
    expect(response.ok, `/health answered ${response.status}`);
  } finally {
    await stop(child);
  }
});

await step('deepresearch mcp answers initialize over stdio', async () => {
  const { child, match } = startCli(
    ['mcp', '--model', 'ollama:llama3.1'],
    /"serverInfo":\{[^}]*"name":"([^"]+)"/,
  );
  child.stdin.write(
    `${JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'check-package', version: '1' },
      },
    })}\n`,
  );
  try {
    await match;
  } finally {
    child.stdin.end();
    await stop(child);
  }
});

await step('ESM import of deepresearch, deepresearch/testing and deepresearch/mcp', () => {
  writeFileSync(
    join(consumer, 'esm-check.mjs'),
    `import { loadConfig, research } from 'deepresearch';
import { createFakeSearch } from 'deepresearch/testing';
import { createMcpServer } from 'deepresearch/mcp';
if (typeof research !== 'function' || typeof createMcpServer !== 'function') throw new Error('missing exports');
const config = await loadConfig({ argv: [], env: {} });
const search = createFakeSearch([{ title: 'Kept', url: 'https://example.org/', snippet: 'a result' }]);
const results = await search.search({ query: 'anything' });
process.stdout.write(JSON.stringify({ model: config.research.model, results: results.length }));
`,
  );
  const { stdout } = run(process.execPath, ['esm-check.mjs']);
  expect(stdout.includes('"results":1'), `the ESM consumer printed:\n${stdout}`);
});

await step('TypeScript consumer type-checks (strict, skipLibCheck: false)', () => {
  // A TypeScript consumer brings its own compiler (this repository's) and Node types: the install above
  // brought @types/node along (@types/better-sqlite3 needs it); when it did not, add them.
  if (!statSync(join(consumer, 'node_modules', '@types', 'node'), { throwIfNoEntry: false })) {
    run(
      'npm',
      [
        'install',
        '--omit=optional',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--no-save',
        '@types/node@20',
      ],
      {
        env: process.env,
      },
    );
  }
  writeFileSync(
    join(consumer, 'consumer.ts'),
    `import { type ResearchResult, research } from 'deepresearch';
import { createFakeReader, createFakeSearch } from 'deepresearch/testing';
import { createMcpServer } from 'deepresearch/mcp';

export async function ask(question: string): Promise<ResearchResult> {
  return research({ question, maxSteps: 3 }, { searchProviders: [createFakeSearch([])], reader: createFakeReader({}) });
}
export const server = createMcpServer;
`,
  );
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: ['node'],
      },
      files: ['consumer.ts'],
    }),
  );
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer]);
});

await step('install the tarball again with its optional dependencies (the plain install)', () => {
  const { summary } = installTarball(['dev']);
  const megabytes = diskUse(join(consumer, 'node_modules'));
  figures.push(
    `plain install (npm install --omit=dev, over the lean one: ${summary}): ${megabytes.toFixed(0)} MB in node_modules`,
  );
  const missing = optionalPackages.filter((name) => !present([name]).length);
  expect(missing.length === 0, `the plain install lacks optional packages: ${missing.join(', ')}`);
});

process.stdout.write(`\n${figures.join('\n')}\n`);
if (flags.has('--keep')) process.stdout.write(`kept ${work}\n`);
else rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  process.stdout.write(`\nThe package fails: ${failures.join('; ')}\n`);
  process.exit(1);
}
process.stdout.write('The packed package installs and runs.\n');
