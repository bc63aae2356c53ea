/**
 * A file whose name holds `\` (a plain character outside Windows) is found by `search_corpus` and
 * read by `read_file` over `/mcp` under the name search gave; before, `read_file` turned the `\`
 * into `/` and answered that no such file existed. `..\..\` stays a name inside the corpus.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorpusRegistry } from '../src/server/index.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { callTool } from './helpers/mcp-client.js';

const NAME = 'notes\\draft.md';

let base: string;
let registry: CorpusRegistry;
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'corpus-backslash-'));
  const root = join(base, 'project');
  await mkdir(join(root, 'notes'), { recursive: true });
  await writeFile(join(root, NAME), '# Draft\n\nThe quokka plan is a draft.\n');
  await writeFile(join(root, 'notes', 'draft.md'), '# Other\n\nNot the same file.\n');
  registry = await CorpusRegistry.open({ folders: [root], env: { XDG_DATA_HOME: join(base, 'data') } });
  const server = makeTestApp({ corpora: registry });
  const http = await listen(server);
  client = new Client({ name: 'names-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)));
  close = async () => {
    await client.close();
    await server.closeMcpSessions();
    await http.close();
  };
}, 60_000);
afterAll(async () => {
  await close?.();
  registry?.close();
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('a corpus file with a backslash in its name', () => {
  it('is read by the name search_corpus gives', async () => {
    const found = await callTool(client, 'search_corpus', { query: 'quokka plan' });
    const passages = found.structuredContent?.passages as { path: string }[];
    expect(passages.map((passage) => passage.path)).toContain(NAME);
    const read = await callTool(client, 'read_file', { path: NAME });
    expect(read.isError, read.content[0]?.text).toBeFalsy();
    expect(read.structuredContent?.path).toBe(NAME);
    expect(read.content[0]?.text).toContain('The quokka plan is a draft.');
    const other = await callTool(client, 'read_file', { path: 'notes/draft.md' });
    expect(other.content[0]?.text).toContain('Not the same file.');
  });

  it('keeps ..\\..\\ a name inside the corpus, never a way out', async () => {
    const read = await callTool(client, 'read_file', { path: '..\\..\\etc\\passwd' });
    expect(read.isError).toBe(true);
    expect(read.content[0]?.text).toMatch(/No file .* in the corpus/);
    expect(read.content[0]?.text).not.toContain('root:');
  });
});
