import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { loadMcpEntries, runMcpCommand } from './mcp-command.js';

describe('loadMcpEntries', () => {
  it('takes the config file entries, then one per --mcp flag with a name from its command', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'dr-mcp-entries-'));
    await writeFile(
      join(cwd, 'deepresearch.config.json'),
      JSON.stringify({ mcp: [{ name: 'server-github', command: 'gh-mcp', env: { GITHUB_TOKEN: 't' } }] }),
    );
    const entries = await loadMcpEntries({
      cwd,
      flags: [
        'npx -y @modelcontextprotocol/server-github',
        'wiki=node "/opt/my servers/wiki.js" --port 3',
        'uvx mcp-server-fetch',
      ],
    });
    expect(entries).toEqual([
      { name: 'server-github', command: 'gh-mcp', args: [], env: { GITHUB_TOKEN: 't' } },
      { name: 'server-github-2', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] },
      { name: 'wiki', command: 'node', args: ['/opt/my servers/wiki.js', '--port', '3'] },
      { name: 'mcp-server-fetch', command: 'uvx', args: ['mcp-server-fetch'] },
    ]);
  });

  it('rejects an --mcp without a command and config entries with unknown fields or twice the same name', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'dr-mcp-entries-'));
    await expect(loadMcpEntries({ cwd, flags: ['  '] })).rejects.toThrow(/--mcp: " {2}" names no command/);
    const write = (mcp: unknown) => writeFile(join(cwd, 'deepresearch.config.json'), JSON.stringify({ mcp }));
    await write([{ name: 'wiki', command: 'x', tools: [] }]);
    await expect(loadMcpEntries({ cwd, flags: [] })).rejects.toMatchObject({ field: 'mcp.tools' });
    await write([
      { name: 'wiki', command: 'a' },
      { name: 'wiki', command: 'b' },
    ]);
    const error = await loadMcpEntries({ cwd, flags: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/Two mcp entries .* are named "wiki"/);
  });
});

describe('runMcpCommand', () => {
  it('speaks JSON-RPC on stdout only, logs on stderr, and ends when stdin closes', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (chunk) => {
      out += chunk;
    });
    stderr.on('data', (chunk) => {
      err += chunk;
    });
    const done = runMcpCommand({
      config: parseResearchConfig({
        model: 'openai-compatible:fake',
        baseURL: 'http://127.0.0.1:9/v1',
        search: ['wikipedia'],
      }),
      mcpServers: [],
      allowFiles: [],
      quiet: false,
      version: '9.9.9',
      cwd: process.cwd(),
      env: {},
      stdin,
      stdout,
      stderr,
      signal: new AbortController().signal,
    });
    stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      })}\n`,
    );
    await expect.poll(() => out.includes('\n')).toBe(true);
    stdin.end();
    await expect(done).resolves.toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([1]);
    expect(JSON.parse(lines[0] ?? '{}').result.serverInfo).toEqual({
      name: 'deepresearch',
      version: '9.9.9',
    });
    expect(err).toMatch(/deepresearch MCP server on stdio \(tools: research, read, search\)/);
  });
});
