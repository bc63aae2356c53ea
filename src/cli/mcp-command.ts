import type { ResearchConfig } from '../config/index.js';
import type { ResearchResult } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { McpServerEntry, McpToolClient, ResearchHooks } from '../mcp/index.js';
import type { CapabilityOverrides, ResearchOptions, ResearchRuntime } from '../research/index.js';
import { createProgressRenderer } from './progress.js';

/** Connected MCP servers for a command's runs, and how to end them. */
export interface McpTools {
  clients: McpToolClient[];
  /** The runtime of one run, with the servers' search and read tools added. */
  wrap(runtime: ResearchRuntime, config: ResearchConfig): ResearchRuntime;
  /** Ends every server process; call it when the command ends, whatever happened. */
  close(): Promise<void>;
}

/** Starts the MCP servers (their stderr goes to ours, prefixed) and reports what each offers. */
export async function openMcpTools(
  entries: readonly McpServerEntry[],
  options: { stderr: NodeJS.WritableStream; quiet: boolean; signal?: AbortSignal },
): Promise<McpTools> {
  const { closeMcpClients, connectMcpServers, withMcpTools } = await import('../mcp/index.js');
  const clients = await connectMcpServers(entries, {
    stderr: options.stderr,
    signal: options.signal,
  });
  if (!options.quiet) {
    for (const client of clients) {
      const search = client.search ? `search with ${client.search.tool}` : 'no search tool';
      const read = client.read ? `read with ${client.read.tool}` : 'no read tool';
      options.stderr.write(`MCP server ${client.name}: ${search}, ${read}.\n`);
    }
  }
  return {
    clients,
    wrap: (runtime, config) => withMcpTools(runtime, clients, { config }),
    close: () => closeMcpClients(clients),
  };
}

export interface McpCommandOptions {
  /** Research options from the flags and config file: the defaults of every run. */
  config: ResearchConfig;
  /** MCP servers whose tools the runs also use (`--mcp`, the config file's `mcp`). */
  mcpServers: readonly McpServerEntry[];
  /** Files and folders the `read` tool may read (`--allow-file`). */
  allowFiles: readonly string[];
  quiet: boolean;
  version: string;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Where the protocol comes from (default: process.stdin). */
  stdin?: NodeJS.ReadableStream;
  /** The protocol only: nothing else is ever written here. */
  stdout: NodeJS.WritableStream;
  /** Progress and logs. */
  stderr: NodeJS.WritableStream;
  /** Aborted on SIGINT/SIGTERM: running calls are cancelled and the server ends. */
  signal: AbortSignal;
}

/**
 * `deepresearch mcp`: serves the MCP tools over stdio until the host closes stdin or the process
 * is signalled. Runs use the command's research options as defaults; their progress goes to stderr.
 */
export async function runMcpCommand(options: McpCommandOptions): Promise<number> {
  const { checkResearchSetup, openResearchCorpora } = await import('../research/on-demand.js');
  const checkSetupForCli = (config: ResearchConfig, env: Record<string, string | undefined>) =>
    checkResearchSetup(config, { env });
  await checkSetupForCli(options.config, options.env);
  const [{ StdioServerTransport }, mcp, { createMemorySourceCache }, { buildTools, research }] =
    await Promise.all([
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('../mcp/index.js'),
      import('../reader/index.js'),
      import('../research/on-demand.js'),
    ]);
  const mcpTools =
    options.mcpServers.length > 0
      ? await openMcpTools(options.mcpServers, {
          stderr: options.stderr,
          quiet: options.quiet,
          signal: options.signal,
        })
      : undefined;
  const { config, env } = options;
  // The operator's folders (`--corpus`), indexed once: the corpus tools and every run share them.
  const corpora =
    config.corpus.length > 0
      ? await openResearchCorpora({
          folders: config.corpus,
          embedModel: config.embedModel,
          embedBaseURL: config.embedBaseURL,
          env,
          signal: options.signal,
          onIndexed: (corpus, summary) => {
            if (!options.quiet)
              options.stderr.write(
                `Corpus ${corpus.id}: ${summary.files} files, ${summary.chunks} passages (${corpus.root})\n`,
              );
          },
        })
      : [];
  const corpusIds = corpora.map((corpus) => corpus.id);
  try {
    // What every run and the read and search tools share: one source cache, the operator's corpora.
    const capabilities: CapabilityOverrides = {
      env,
      sourceCache: createMemorySourceCache(),
      ...(corpora.length > 0 ? { corpora } : {}),
    };
    const tools = buildTools(config, capabilities, (provider, error) =>
      options.stderr.write(`Search provider ${provider} failed: ${describeError(error).message}\n`),
    );
    const runResearch = (asked: ResearchOptions, hooks: ResearchHooks): Promise<ResearchResult> => {
      // A run researches the corpora the caller names, or all of the operator's when it names none.
      const runOptions =
        corpora.length > 0 && (asked.corpora ?? []).length === 0 ? { ...asked, corpora: corpusIds } : asked;
      const progress = options.quiet
        ? undefined
        : createProgressRenderer({
            stream: options.stderr,
            isTTY: false,
            tokenBudget: runOptions.tokenBudget ?? config.tokenBudget,
          });
      const runtime: ResearchRuntime = {
        ...capabilities,
        signal: AbortSignal.any([hooks.signal, options.signal]),
        onEvent: (event) => {
          hooks.onEvent(event);
          progress?.onEvent(event);
        },
      };
      const runConfig = { ...config, ...runOptions } as ResearchConfig;
      return research(runOptions, mcpTools ? mcpTools.wrap(runtime, runConfig) : runtime).finally(() =>
        progress?.close(),
      );
    };
    const server = mcp.createMcpServer({
      research: runResearch,
      defaults: config,
      reader: tools.reader,
      search: tools.search,
      allowedFiles: options.allowFiles,
      checkSetup: (runConfig) => checkSetupForCli(runConfig, env),
      cwd: options.cwd,
      version: options.version,
      ...(corpora.length > 0 ? { corpora: mcp.mcpCorporaOf(corpora) } : {}),
    });
    const stdin = options.stdin ?? process.stdin;
    const closed = new Promise<void>((resolveClosed) => {
      stdin.once('end', resolveClosed);
      stdin.once('close', resolveClosed);
      options.signal.addEventListener('abort', () => resolveClosed(), { once: true });
    });
    await server.connect(
      new StdioServerTransport(stdin as NodeJS.ReadStream, options.stdout as NodeJS.WriteStream),
    );
    if (!options.quiet) {
      const names = [
        'research',
        'read',
        'search',
        ...(corpora.length > 0 ? ['search_corpus', 'read_file'] : []),
      ].join(', ');
      options.stderr.write(`deepresearch MCP server on stdio (tools: ${names}). Waiting for a host…\n`);
    }
    await closed;
    // Closing aborts calls still running, so their runs end as cancelled.
    await server.close();
  } finally {
    await mcpTools?.close();
    for (const item of corpora) item.corpus.close();
  }
  return 0;
}
