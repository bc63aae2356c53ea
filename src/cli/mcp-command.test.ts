import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import { runMcpCommand } from './mcp-command.js';

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
    await expect.poll(() => out.includes('\n'), { timeout: 20_000 }).toBe(true);
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
