import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_CENSUS_FLAG, MODULE_CENSUS_VARIABLE, readModuleCensus } from './helpers/module-census.js';
import { binPath, runCli } from './helpers/run-cli.js';
import { startServe, stopServe } from './helpers/serve.js';

/**
 * What a command loads before it does anything is what every user's first second costs, and every
 * spawn of the end-to-end tests: each package below is loaded only by the command that uses it (the
 * server, the MCP SDK, the model layer, the support check's tagger, the HTML second opinion, the
 * browser, the databases, the exports). The census hook lists the module files the CLI loaded.
 */
const HEAVY_PACKAGES = [
  'hono',
  '@hono/node-server',
  '@modelcontextprotocol/sdk',
  'ai',
  '@opentelemetry/api',
  'wink-nlp',
  'wink-eng-lite-web-model',
  'linkedom',
  '@mozilla/readability',
  'playwright-core',
  'better-sqlite3',
  'pg',
  'markdown-it',
  'pdfkit',
  'docx',
];
/** The reader's own packages: `--help` has no page to read. */
const READER_PACKAGES = ['htmlparser2', 'css-select', 'unpdf', 'iconv-lite', 'ipaddr.js', 're2js'];
/**
 * What only a run (or a report) uses: the corpus module's parser and stemmer (the claim checks load
 * it too) and the exports' markdown renderer. A server loads them at its first run or export.
 */
const RUN_PACKAGES = ['web-tree-sitter', 'stemmer', 'markdown-it'];
/**
 * The options' schemas: a command checks the values it is given without them when their quick
 * checks take them (a switch, a folder, a format), and starts without zod's some 95 files.
 */
const SCHEMA_PACKAGES = ['zod'];

let scratch: string;
let runs = 0;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'cli-startup-'));
  await mkdir(join(scratch, 'notes'));
  await writeFile(join(scratch, 'notes', 'tower.md'), '# Tower\n\nThe Eiffel Tower was completed in 1889.\n');
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Runs the CLI with the census hook; resolves with its output and the packages it loaded. */
async function loadedBy(args: string[]) {
  const census = join(scratch, `census-${runs++}.txt`);
  const run = await runCli(args, {
    cwd: scratch,
    env: { HOME: scratch, NODE_OPTIONS: MODULE_CENSUS_FLAG, [MODULE_CENSUS_VARIABLE]: census },
  });
  expect(run.code, run.stderr).toBe(0);
  return { run, packages: [...readModuleCensus(census).packages.keys()] };
}

/** The host's side of `deepresearch mcp` up to the tool list: initialize, then tools/list. */
const MCP_INPUT = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((message) => `${JSON.stringify(message)}\n`)
  .join('');

/** Starts `deepresearch mcp` with the census hook, lists its tools, ends its input; resolves with its stdout and packages. */
async function mcpLoads() {
  const census = join(scratch, `census-${runs++}.txt`);
  const child = spawn(
    process.execPath,
    [binPath, 'mcp', '--model', 'openai-compatible:x', '--base-url', 'http://127.0.0.1:9/v1'],
    {
      cwd: scratch,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: scratch,
        DEEPRESEARCH_FROM_SOURCE: '1',
        NODE_OPTIONS: MODULE_CENSUS_FLAG,
        [MODULE_CENSUS_VARIABLE]: census,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    // The host got its tool list: it hangs up, and the server ends.
    if (stdout.includes('"tools":[')) child.stdin.end();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.write(MCP_INPUT);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  expect(code, stderr).toBe(0);
  return { stdout, packages: [...readModuleCensus(census).packages.keys()] };
}

describe('what a command loads at start', () => {
  it('--help loads none of the engine: no reader, server, MCP, model layer, database or schemas', async () => {
    const { run, packages } = await loadedBy(['--help']);
    expect(run.stdout).toContain('Usage:');
    const unused = [...HEAVY_PACKAGES, ...READER_PACKAGES, ...SCHEMA_PACKAGES];
    expect(packages.filter((name) => unused.includes(name))).toEqual([]);
  });

  it('read loads the reader, and nothing of the server, MCP, the model layer, the HTML second opinion or the schemas', async () => {
    const { run, packages } = await loadedBy([
      'read',
      join(scratch, 'notes', 'tower.md'),
      '--format',
      'text',
    ]);
    expect(run.stdout).toContain('completed in 1889');
    expect(packages.filter((name) => [...HEAVY_PACKAGES, ...SCHEMA_PACKAGES].includes(name))).toEqual([]);
  });

  it('a value its quick check does not take loads the schemas, whose message is the one shown', async () => {
    const census = join(scratch, `census-${runs++}.txt`);
    const run = await runCli(['read', join(scratch, 'notes', 'tower.md'), '--format', 'yaml'], {
      cwd: scratch,
      env: { HOME: scratch, NODE_OPTIONS: MODULE_CENSUS_FLAG, [MODULE_CENSUS_VARIABLE]: census },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Invalid value for --format: must be one of markdown, text, json, got "yaml".',
    );
    expect([...readModuleCensus(census).packages.keys()]).toContain('zod');
  });

  it('mcp lists its tools with the MCP SDK, and none of the server, the tagger, linkedom, a database, the corpus or the exports', async () => {
    const { stdout, packages } = await mcpLoads();
    expect(stdout).toContain('"name":"research"');
    expect(packages).toContain('@modelcontextprotocol/sdk');
    // The setup check resolves the models: the model layer loads; the engine waits for the first run.
    const unused = [...HEAVY_PACKAGES, ...RUN_PACKAGES].filter(
      (name) => !['@modelcontextprotocol/sdk', 'ai', '@opentelemetry/api'].includes(name),
    );
    expect(packages.filter((name) => unused.includes(name))).toEqual([]);
  });

  it('serve starts listening without the engine: no corpus parser, claim checks, exports or MCP SDK until used', async () => {
    const census = join(scratch, `census-${runs++}.txt`);
    const { child } = await startServe(
      ['--model', 'openai-compatible:x', '--base-url', 'http://127.0.0.1:9/v1', '--search', 'wikipedia'],
      { env: { HOME: scratch, NODE_OPTIONS: MODULE_CENSUS_FLAG, [MODULE_CENSUS_VARIABLE]: census } },
    );
    await stopServe(child);
    const packages = [...readModuleCensus(census).packages.keys()];
    expect(packages).toContain('hono');
    const unused = [...HEAVY_PACKAGES, ...RUN_PACKAGES].filter(
      (name) => !['hono', '@hono/node-server', 'better-sqlite3', 'ai', '@opentelemetry/api'].includes(name),
    );
    expect(packages.filter((name) => unused.includes(name))).toEqual([]);
  });

  it('search over a folder without vectors loads its index database, not the model layer', async () => {
    const { run, packages } = await loadedBy(['search', 'Eiffel', '--corpus', join(scratch, 'notes')]);
    expect(run.stdout).toContain('tower.md');
    expect(packages).toContain('better-sqlite3');
    const others = [...HEAVY_PACKAGES, ...SCHEMA_PACKAGES].filter((name) => name !== 'better-sqlite3');
    expect(packages.filter((name) => others.includes(name))).toEqual([]);
  });
});
