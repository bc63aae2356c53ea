/**
 * Secret files in a corpus (`.env`, private keys, credentials files) are left out by default: `index`
 * says which, `/mcp` clients can neither search nor read them, and the folder's owner opts in with
 * `--secret-files index`, which the folder's index remembers.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorpusRegistry } from '../src/server/index.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { callTool } from './helpers/mcp-client.js';
import { runCli } from './helpers/run-cli.js';

const SECRET = 'zebrakey-live-0123456789';

let base: string;
let root: string;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'corpus-secrets-'));
  root = join(base, 'project');
  await mkdir(join(root, '.ssh'), { recursive: true });
  await mkdir(join(root, 'config'));
  await writeFile(join(root, '.env'), `OPENAI_API_KEY=${SECRET}\n`);
  await writeFile(join(root, '.env.production'), `DATABASE_URL=postgres://admin:${SECRET}@db\n`);
  await writeFile(join(root, '.ssh', 'id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n`);
  await writeFile(join(root, '.npmrc'), `//registry.npmjs.org/:_authToken=${SECRET}\n`);
  await writeFile(join(root, 'config', 'credentials.json'), `{ "secret": "${SECRET}" }\n`);
  await writeFile(
    join(root, 'notes.md'),
    '# Setup\n\nThe zebrakey lives in the environment, never in the code.\n',
  );
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await rm(base, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { env: { XDG_DATA_HOME: join(base, 'data') } });

describe('secret files in a corpus', () => {
  it('index leaves them out and names them; search does not find them', async () => {
    const indexed = await cli(['index', root]);
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(indexed.stdout).toContain(': 1 file,');
    expect(indexed.stdout).toContain(
      'Left out 5 secret files (.env, .env.production, .npmrc, .ssh/id_rsa, config/credentials.json); --secret-files index indexes them.',
    );
    const found = await cli(['search', SECRET, '--corpus', root, '--json']);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).not.toContain(SECRET);
  }, 180_000);

  it('a token of /mcp can neither search nor read them', async () => {
    const registry = await CorpusRegistry.open({
      folders: [root],
      env: { XDG_DATA_HOME: join(base, 'data') },
    });
    closers.push(async () => registry.close());
    const server = makeTestApp({
      corpora: registry,
      authTokens: ['user-token-1'],
      adminTokens: ['admin-token-1'],
    });
    const http = await listen(server);
    closers.push(async () => {
      await server.closeMcpSessions();
      await http.close();
    });
    const transport = new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`), {
      requestInit: { headers: { authorization: 'Bearer user-token-1' } },
    });
    const client = new Client({ name: 'curious-host', version: '1.0.0' });
    await client.connect(transport);
    closers.push(() => client.close());
    for (const path of ['.env', '.ssh/id_rsa', '.npmrc', 'config/credentials.json']) {
      const read = await callTool(client, 'read_file', { path });
      expect(read.isError, path).toBe(true);
      expect(read.content[0]?.text).not.toContain(SECRET);
      expect(read.content[0]?.text).toMatch(/not in the corpus index \(ignored, a secret file/);
    }
    const searched = await callTool(client, 'search_corpus', {
      query: `zebrakey ${SECRET}`,
      mode: 'lexical',
    });
    expect(JSON.stringify(searched)).not.toContain(SECRET);
    expect(JSON.stringify(searched)).toContain('notes.md');
  }, 180_000);

  it('--secret-files index opts the folder in, remembered by its index, until --secret-files skip', async () => {
    const optedIn = await cli(['index', root, '--secret-files', 'index']);
    expect(optedIn.code, optedIn.stderr).toBe(0);
    expect(optedIn.stdout).toContain(': 6 files,');
    expect(optedIn.stdout).not.toContain('secret file');
    // Later searches (no flag) keep the folder's choice.
    const found = await cli(['search', SECRET, '--corpus', root, '--json']);
    expect(found.stdout).toContain(SECRET);
    const optedOut = await cli(['index', root, '--secret-files', 'skip']);
    expect(optedOut.stdout).toContain(': 1 file,');
    const gone = await cli(['search', SECRET, '--corpus', root, '--json']);
    expect(gone.stdout).not.toContain(SECRET);
    const wrong = await cli(['index', root, '--secret-files', 'yes']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/--secret-files.*skip, index/);
  }, 300_000);
});
