/**
 * Private keys saved under names no secret-file pattern knows (`docs/backup_id_ed25519`,
 * `id_rsa.bak`, `server.key.txt`, a service account's `service.json`, a kubeconfig saved as
 * `admin.yaml`) are left out by their content: `index` names them and what they hold, `search` does
 * not find them, `/mcp` clients can neither read nor search them, and `--secret-files index` opts
 * in as it does for secret names; back to `skip`, the files indexed meanwhile are dropped again.
 * Texts that only speak of keys, and public material, are indexed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCorpus } from '../src/corpus/index.js';
import { CorpusRegistry } from '../src/server/index.js';
import { keyLikeTexts, privateKeyTexts } from '../src/testing/private-keys.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { callTool } from './helpers/mcp-client.js';
import { runCli } from './helpers/run-cli.js';

const MARKER = 'zebrakey';

/** Key files by path, and the format each holds. */
const KEY_FILES: Record<string, string> = {
  'docs/backup_id_ed25519': 'pkcs8',
  'id_rsa.bak': 'pkcs1',
  'server.key.txt': 'encrypted',
  'keys/laptop.ppk.txt': 'putty',
  'deploy/service.json': 'serviceAccount',
  'deploy/admin.yaml': 'kubeconfig',
  'notes/openssh-backup.txt': 'openssh',
};
/** Files that are not private keys, by path, and the text each holds. */
const OTHER_FILES: Record<string, string> = {
  'docs/keys.md': 'mentions',
  'docs/format.md': 'elided',
  'certs/ca.crt': 'certificateLike',
  'keys/signing.pub': 'publicKey',
};

let base: string;
let root: string;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'corpus-secret-content-'));
  root = join(base, 'project');
  const keys = privateKeyTexts(MARKER);
  const others = keyLikeTexts(MARKER);
  const files = [
    ...Object.entries(KEY_FILES).map(([path, format]) => [path, keys[format]] as const),
    ...Object.entries(OTHER_FILES).map(([path, name]) => [path, others[name]] as const),
  ];
  for (const [path, text] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text ?? '');
  }
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await rm(base, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { env: { XDG_DATA_HOME: join(base, 'data') } });

/** The paths `deepresearch search` returns for the marker. */
async function foundPaths(): Promise<string[]> {
  const found = await cli(['search', MARKER, '--corpus', root, '--json', '--limit', '50']);
  expect(found.code, found.stderr).toBe(0);
  return [...Object.keys(KEY_FILES), ...Object.keys(OTHER_FILES)].filter((path) =>
    found.stdout.includes(`"${path}"`),
  );
}

describe('private keys in a corpus, whatever their names', () => {
  it('index leaves them out and says what they hold; search finds only the others', async () => {
    const indexed = await cli(['index', root]);
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(indexed.stdout).toContain(': 4 files,');
    expect(indexed.stdout).toContain('Left out 7 secret files (');
    expect(indexed.stdout).toContain('docs/backup_id_ed25519 (holds a PEM private key)');
    expect(indexed.stdout).toContain('deploy/admin.yaml (holds a base64-encoded PEM private key)');
    expect((await foundPaths()).sort()).toEqual(Object.keys(OTHER_FILES).sort());
  }, 180_000);

  it('--secret-files index opts in; skip again drops the key files indexed meanwhile', async () => {
    const optedIn = await cli(['index', root, '--secret-files', 'index']);
    expect(optedIn.code, optedIn.stderr).toBe(0);
    expect(optedIn.stdout).toContain(': 11 files,');
    expect(await foundPaths()).toEqual(expect.arrayContaining(['id_rsa.bak', 'deploy/service.json']));
    // The files have not changed since: their heads are read again because the choice has.
    const optedOut = await cli(['index', root, '--secret-files', 'skip']);
    expect(optedOut.stdout).toContain(': 4 files,');
    expect((await foundPaths()).sort()).toEqual(Object.keys(OTHER_FILES).sort());
  }, 300_000);

  it('read_file refuses a key file an index holds from before, without waiting for an update', async () => {
    const optedIn = await cli(['index', root, '--secret-files', 'index']);
    expect(optedIn.code, optedIn.stderr).toBe(0);
    const corpus = await openCorpus({
      root,
      secretFiles: 'skip',
      env: { XDG_DATA_HOME: join(base, 'data') },
    });
    closers.push(async () => corpus.close());
    await expect(corpus.readFile({ path: 'id_rsa.bak' })).rejects.toMatchObject({ code: 'file_not_found' });
    expect((await corpus.readFile({ path: 'docs/keys.md' })).text).toContain(MARKER);
  }, 180_000);

  it('a token of /mcp can neither read nor search them', async () => {
    const registry = await CorpusRegistry.open({
      folders: [root],
      env: { XDG_DATA_HOME: join(base, 'data') },
    });
    closers.push(async () => registry.close());
    const server = makeTestApp({ corpora: registry, authTokens: ['user-token-1'] });
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
    for (const path of Object.keys(KEY_FILES)) {
      const read = await callTool(client, 'read_file', { path });
      expect(read.isError, path).toBe(true);
      expect(read.content[0]?.text).not.toMatch(/PRIVATE KEY|PuTTY|client-key-data/);
    }
    const searched = JSON.stringify(
      await callTool(client, 'search_corpus', { query: MARKER, mode: 'lexical' }),
    );
    for (const path of Object.keys(KEY_FILES)) expect(searched).not.toContain(path);
    expect(searched).toContain('docs/keys.md');
  }, 180_000);
});
