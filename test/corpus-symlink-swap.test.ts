/**
 * A corpus file swapped, again and again, between a regular file and a symbolic link to a file
 * outside the folder while it is read (`read_file` over MCP) and indexed (`POST
 * /api/corpora/:id/reindex`): the outside text is never served nor indexed. Before, a check of the
 * path followed by a separate open returned it in about 1 read of 100.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorpusRegistry } from '../src/server/index.js';
import { makeTestApp } from '../src/testing/server-test-app.js';
import { callTool } from './helpers/mcp-client.js';
import { binPath } from './helpers/run-cli.js';

const INSIDE = '# Notes\n\nRouters match request paths.\n';
const OUTSIDE = 'zebracorn: the outside secret nobody may read\n';

let base: string;
let root: string;
let swapper: ChildProcess | undefined;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'corpus-swap-'));
  root = join(base, 'corpus');
  await mkdir(root);
  await mkdir(join(base, 'stage'));
  await mkdir(join(base, 'outside'));
  await writeFile(join(base, 'outside', 'secret.md'), OUTSIDE);
  await writeFile(join(root, 'notes.md'), INSIDE);
});
afterEach(async () => {
  if (swapper?.pid !== undefined && swapper.exitCode === null) {
    const exited = new Promise((resolve) => swapper?.once('exit', resolve));
    swapper.kill('SIGKILL');
    await exited;
  }
  swapper = undefined;
  for (const close of closers.splice(0).reverse()) await close();
  await rm(base, { recursive: true, force: true });
});

/**
 * Starts a process that swaps `root/notes.md` between the inside text and a link to the outside
 * file, each swap one atomic rename, until it is killed.
 */
function startSwapping(): void {
  const script = `
    const fs = require('node:fs');
    const [stage, target, outside, inside] = process.argv.slice(1);
    for (let round = 0; ; round += 1) {
      fs.writeFileSync(stage + '/file', inside);
      fs.renameSync(stage + '/file', target);
      try { fs.unlinkSync(stage + '/link'); } catch {}
      fs.symlinkSync(outside, stage + '/link');
      fs.renameSync(stage + '/link', target);
    }`;
  swapper = spawn(
    process.execPath,
    ['-e', script, join(base, 'stage'), join(root, 'notes.md'), join(base, 'outside', 'secret.md'), INSIDE],
    { stdio: 'ignore' },
  );
}

describe('a corpus file swapped with a link to an outside file', () => {
  it('is never read through the link by read_file over MCP', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        binPath,
        'mcp',
        '--model',
        'openai-compatible:fake',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--corpus',
        root,
      ],
      env: { DEEPRESEARCH_FROM_SOURCE: '1', XDG_DATA_HOME: join(base, 'data') },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'swap-host', version: '1.0.0' });
    await client.connect(transport);
    closers.push(() => client.close());
    startSwapping();
    let leaked = 0;
    let served = 0;
    for (let read = 0; read < 3_000; read += 1) {
      const answer = await callTool(client, 'read_file', { path: 'notes.md' });
      const text = answer.content[0]?.text ?? '';
      if (text.includes('zebracorn')) leaked += 1;
      if (!answer.isError && text.includes('Routers match')) served += 1;
    }
    expect(leaked).toBe(0);
    // The file is still read whenever it is the regular file.
    expect(served).toBeGreaterThan(0);
  }, 180_000);

  it('is never indexed through the link by a re-index', async () => {
    const registry = await CorpusRegistry.open({
      folders: [root],
      env: { XDG_DATA_HOME: join(base, 'data') },
    });
    closers.push(async () => registry.close());
    const server = makeTestApp({ corpora: registry, requestsPerMinute: 100_000 });
    const corpus = registry.corpora[0]!.corpus;
    startSwapping();
    let leaked = 0;
    for (let round = 0; round < 1_500; round += 1) {
      const response = await server.app.request('/api/corpora/corpus/reindex', { method: 'POST' });
      expect(response.status).toBe(200);
      const hits = await corpus.searchCorpus({ query: 'zebracorn outside secret', mode: 'lexical' });
      if (hits.some((hit) => hit.text.includes('zebracorn'))) leaked += 1;
    }
    expect(leaked).toBe(0);
  }, 180_000);
});
