import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describeError } from '../../errors.js';
import { MCP_CLIENT_CALL_TIMEOUT_MS, MCP_CLIENT_CONNECT_TIMEOUT_MS } from '../constants.js';
import { McpToolError } from '../errors.js';
import { detectReadTool, detectSearchTool, type ToolBinding, type ToolInfo } from './detect-tools.js';
import type { McpServerEntry } from './server-entry.js';
import { type ToolOutput, toToolOutput } from './tool-output.js';

/** A connected MCP server whose tools the engine can use. */
export interface McpToolClient {
  /** The entry's name: the host of its `mcp://` URLs and the search provider id `mcp:<name>`. */
  readonly name: string;
  readonly tools: readonly ToolInfo[];
  /** The tool used for search, when it has one. */
  readonly search: ToolBinding | undefined;
  /** The tool used to read a result, when it has one. */
  readonly read: ToolBinding | undefined;
  /** Calls a tool; a protocol failure or timeout throws `McpToolError` `tool_failed`. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<ToolOutput>;
  /** Ends the connection and the server's process (stdin closed, then SIGTERM, then SIGKILL). */
  close(): Promise<void>;
}

/** Settings of `connectMcpServer`. */
export interface ConnectOptions {
  /** Where the server's stderr goes, each line prefixed with `[mcp:<name>]` (default: dropped). */
  stderr?: NodeJS.WritableStream;
  /** Version announced to the server (default `0.0.0`). */
  version?: string;
  signal?: AbortSignal;
}

// Children still running when the process exits (a second Ctrl-C calls process.exit at once) are
// ended here, so no server outlives the command that started it.
const running = new Set<number>();
let exitHookInstalled = false;
function track(pid: number | null): () => void {
  if (pid === null) return () => undefined;
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const child of running) {
        try {
          process.kill(child, 'SIGTERM');
        } catch {
          // Already gone: nothing to end.
        }
      }
    });
  }
  running.add(pid);
  return () => {
    running.delete(pid);
  };
}

function forwardStderr(
  transport: StdioClientTransport,
  name: string,
  target: NodeJS.WritableStream | undefined,
) {
  const stream = transport.stderr;
  if (!stream) return;
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    if (!target) return;
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) target.write(`[mcp:${name}] ${line}\n`);
  });
}

async function listAllTools(client: Client, signal: AbortSignal | undefined): Promise<ToolInfo[]> {
  const tools: ToolInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, {
      timeout: MCP_CLIENT_CONNECT_TIMEOUT_MS,
      signal,
    });
    // One by one: a server may list more tools on a page than a spread can hold.
    for (const tool of page.tools as ToolInfo[]) tools.push(tool);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/**
 * Starts an MCP server over stdio, initialises it and lists its tools, choosing its search and read
 * tools (see `detectSearchTool` / `detectReadTool`). Throws `McpToolError` `connect_failed` (the
 * process is ended) or `tool_missing` for a named tool it does not have.
 */
export async function connectMcpServer(
  entry: McpServerEntry,
  options: ConnectOptions = {},
): Promise<McpToolClient> {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    stderr: 'pipe',
    env: entry.env,
    cwd: entry.cwd,
  });
  forwardStderr(transport, entry.name, options.stderr);
  const client = new Client({ name: 'deepresearch', version: options.version ?? '0.0.0' });
  let untrack: () => void = () => undefined;
  let tools: ToolInfo[];
  try {
    await client.connect(transport, {
      timeout: MCP_CLIENT_CONNECT_TIMEOUT_MS,
      signal: options.signal,
    });
    untrack = track(transport.pid);
    tools = await listAllTools(client, options.signal);
  } catch (error) {
    untrack();
    await client.close();
    const command = [entry.command, ...entry.args].join(' ');
    throw new McpToolError({
      code: 'connect_failed',
      server: entry.name,
      cause: error,
      message: `Could not start MCP server "${entry.name}" (${command}): ${describeError(error).message}. Check its command in --mcp or the config file's "mcp" entry.`,
    });
  }
  let search: ToolBinding | undefined;
  let read: ToolBinding | undefined;
  try {
    search = detectSearchTool(entry.name, tools, entry.searchTool);
    read = detectReadTool(entry.name, tools, {
      named: entry.readTool,
      searchTool: search?.tool,
    });
  } catch (error) {
    untrack();
    await client.close();
    throw error;
  }
  return {
    name: entry.name,
    tools,
    search,
    read,
    async callTool(name, args, callOptions = {}) {
      try {
        const result = await client.callTool({ name, arguments: args }, undefined, {
          timeout: MCP_CLIENT_CALL_TIMEOUT_MS,
          signal: callOptions.signal,
        });
        return toToolOutput(result as Record<string, unknown>);
      } catch (error) {
        callOptions.signal?.throwIfAborted();
        throw new McpToolError({
          code: 'tool_failed',
          server: entry.name,
          cause: error,
          message: `Tool ${name} of MCP server "${entry.name}" failed: ${describeError(error).message}`,
        });
      }
    },
    async close() {
      untrack();
      await client.close();
    },
  };
}

/** Connects to every entry at once; when one fails, the others are closed and its error is thrown. */
export async function connectMcpServers(
  entries: readonly McpServerEntry[],
  options: ConnectOptions = {},
): Promise<McpToolClient[]> {
  const settled = await Promise.allSettled(entries.map((entry) => connectMcpServer(entry, options)));
  const clients = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await closeMcpClients(clients);
    throw failure.reason;
  }
  return clients;
}

/** Closes every client (their processes end); waits for all. */
export async function closeMcpClients(clients: readonly McpToolClient[]): Promise<void> {
  await Promise.allSettled(clients.map((client) => client.close()));
}
