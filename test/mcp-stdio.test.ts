import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { callTool, researchThenCancel } from './helpers/mcp-client.js';
import { binPath } from './helpers/run-cli.js';

let world: DemoWorld | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await world?.close();
  client = undefined;
  world = undefined;
});

/** Starts the real `deepresearch mcp` on stdio and connects the official SDK client to it. */
async function connect(args: string[]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binPath, 'mcp', ...args],
    env: { DEEPRESEARCH_FROM_SOURCE: '1' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const protocolErrors: Error[] = [];
  client = new Client({ name: 'test-host', version: '1.0.0' });
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  return { client, stderr: () => stderr, protocolErrors };
}

const call = (name: string, args: Record<string, unknown>, options: RequestOptions = {}) =>
  callTool(client!, name, args, options);

describe('deepresearch mcp over stdio, with the official SDK client', () => {
  it('lists the tools with described arguments and answers search, read and research', async () => {
    world = await startDemoWorld();
    const dir = await mkdtemp(join(tmpdir(), 'dr-mcp-files-'));
    await writeFile(join(dir, 'notes.md'), '# Notes\n\nThe tower has three levels for visitors.\n');
    const session = await connect([...world.args, '--allow-file', dir, '--no-direct-answer']);

    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['read', 'research', 'search']);
    const research = tools.find((tool) => tool.name === 'research')!;
    expect(research.inputSchema.required).toEqual(['question']);
    for (const [name, schema] of Object.entries(research.inputSchema.properties ?? {})) {
      expect((schema as { description?: string }).description, name).toBeTruthy();
    }
    expect(research.inputSchema.properties).not.toHaveProperty('apiKey');
    expect(research.inputSchema.properties).not.toHaveProperty('allowHosts');

    const search = await call('search', { query: 'Eiffel Tower' });
    expect(search.isError).toBeFalsy();
    const results = search.structuredContent?.results as { url: string; title: string }[];
    expect(results.map((result) => result.url)).toContain(`${world.pages.origin}/eiffel-tower`);

    const page = await call('read', { url: `${world.pages.origin}/eiffel-tower` });
    expect(page.structuredContent).toMatchObject({
      url: `${world.pages.origin}/eiffel-tower`,
      title: expect.stringContaining('The Eiffel Tower'),
      truncated: false,
    });
    expect(page.structuredContent?.markdown).toContain('completed in March 1889');

    const file = await call('read', { url: join(dir, 'notes.md') });
    expect(file.structuredContent?.markdown).toContain('three levels for visitors');
    const refused = await call('read', { url: '/etc/hostname' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(/Refused to read the local path "\/etc\/hostname"/);

    const progress: string[] = [];
    const answer = await call(
      'research',
      { question: 'When was the Eiffel Tower completed?' },
      { onprogress: (update: { message?: string }) => progress.push(update.message ?? '') },
    );
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ status: 'completed', stopReason: 'evaluation_passed' });
    const references = answer.structuredContent?.references as {
      url: string;
      quote: string;
      verified: boolean;
    }[];
    expect(references[0]?.verified).toBe(true);
    const html = await (await fetch(references[0]!.url)).text();
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      references[0]!.quote.replace(/\s+/g, ' '),
    );
    expect(answer.content[0]?.text).toContain('References:');
    // Progress came while it ran: steps, actions and tokens.
    expect(progress.some((line) => /^step \d+\/\d+ · search · [\d,]+ tokens/.test(line))).toBe(true);
    expect(progress.some((line) => /answer draft #1/.test(line))).toBe(true);
    // stdout carried the protocol only (a stray line would be a parse error); the run's progress
    // went to stderr. The SDK client may report the last progress, read in the same chunk as the
    // response, as "unknown token" (typescript-sdk#2580): that is not a protocol fault of ours.
    const faults = session.protocolErrors.filter(
      (error) => !/progress notification for an unknown token/.test(error.message),
    );
    expect(faults).toEqual([]);
    expect(session.stderr()).toMatch(/Finished: completed/);
  });

  it('answers bad research options with a tool error naming the argument', async () => {
    world = await startDemoWorld();
    await connect(world.args);
    const budget = await call('research', { question: 'q', tokenBudget: -5 });
    expect(budget.isError).toBe(true);
    expect(budget.content[0]?.text).toMatch(/tokenBudget/);
    const provider = await call('research', { question: 'q', search: ['no-such-engine'] });
    expect(provider.isError).toBe(true);
    expect(provider.content[0]?.text).toMatch(
      /^Invalid value for "search" in the research arguments: must be known search providers \(duckduckgo, .*\), got "no-such-engine"\.$/,
    );
    // A key the server lacks is the operator's to set, not something the caller could pass.
    const model = await call('research', { question: 'q', model: 'anthropic:claude-sonnet-4-5' });
    expect(model.isError).toBe(true);
    expect(model.content[0]?.text).toMatch(
      /^Invalid value for "model" in the research arguments: "anthropic:claude-sonnet-4-5" needs ANTHROPIC_API_KEY, which is not set on this server\./,
    );
    expect(world.llm.requests).toHaveLength(0);
  });

  it('cancels the run when the host cancels the request', async () => {
    world = await startDemoWorld({ script: { hang: true } });
    const session = await connect(world.args);
    const progress = await researchThenCancel(session.client, world);
    expect(progress.length).toBeGreaterThan(0);
    // The server's run ended as cancelled (its progress on stderr says so) while the model still hung.
    await expect.poll(session.stderr, { timeout: 20_000 }).toMatch(/Finished: cancelled in /);
  });
});
