/**
 * MCP over Streamable HTTP at `/mcp`: the tools of `deepresearch mcp` (research, read, search)
 * behind the server's auth. The app's bearer check runs first; each MCP session belongs to the
 * token that opened it. A `research` call is a run of the run service, so it is stored, listed in
 * `/api/runs` for its token, limited by the same concurrency, and its events are the call's progress;
 * cancelling the call cancels the run. The MCP module and its SDK load on the first request.
 */
import type { Context } from 'hono';
import type { ResearchConfig } from '../../../config/index.js';
import { DeepResearchError, describeError } from '../../../errors.js';
import type { McpCaller, McpHttpHandler, ResearchFunction } from '../../../mcp/index.js';
import type { CapabilityOverrides, ResearchCorpus } from '../../../research/index.js';
import type { RunAccess, RunManager } from '../../../runs/index.js';
import type { AppEnv } from '../app-env.js';
import { choosableModels } from '../run-options.js';
import { owner, type RouteDependencies } from './dependencies.js';

/** What the `/mcp` endpoint needs besides the routes' dependencies. */
export interface McpEndpointOptions {
  /** Browser origins allowed to call (the server's `--cors-origin`s); other `Origin`s get 403. */
  corsOrigins: readonly string[];
  /** What the read and search tools are built with: the runs' source cache and environment, fakes in tests. */
  capabilities?: CapabilityOverrides;
  /** The corpora registered with `serve --corpus`: offered as `search_corpus` and `read_file`. */
  corpora?: readonly ResearchCorpus[];
}

/** Who calls, as the app's auth says: their id, and the runs they may see and own. */
interface Caller extends McpCaller {
  access: RunAccess;
}

/** A `research` tool call as a run of the service, owned by the caller. */
function researchThroughService(runs: RunManager, access: RunAccess): ResearchFunction {
  return async ({ question, ...options }, hooks) => {
    const record = await runs.start({ question, options: options as ResearchConfig, ...owner(access) });
    const cancel = () => void runs.cancel(record.id, access).catch(() => undefined);
    hooks.signal.addEventListener('abort', cancel, { once: true });
    try {
      for await (const event of await runs.follow(record.id, { after: -1 }, access)) hooks.onEvent(event);
      const ended = await runs.waitForEnd(record.id);
      if (ended.result) return ended.result;
      // Cancelled while queued, interrupted by a shutdown, or failed outside the engine.
      throw new DeepResearchError({
        code: ended.error?.code ?? `run_${ended.status}`,
        message: ended.error?.message ?? `The research run ${record.id} was ${ended.status}.`,
      });
    } finally {
      hooks.signal.removeEventListener('abort', cancel);
    }
  };
}

/** Builds the MCP tools on the server's options: its reader, search providers and model policy. */
async function createHandler(
  dependencies: RouteDependencies,
  options: McpEndpointOptions,
): Promise<McpHttpHandler<Caller>> {
  const [mcp, { buildTools }] = await Promise.all([
    import('../../../mcp/index.js'),
    import('../../../research/on-demand.js'),
  ]);
  const { policy, logger, runs } = dependencies;
  const config = policy.defaults;
  // The tools serve clients: a private host refused by the reader is the operator's to allow.
  const tools = buildTools(config, { ...options.capabilities, fixedBy: 'operator' }, (provider, error) =>
    logger.log('warn', 'search provider failed', { provider, error: describeError(error).message }),
  );
  // One server per session; its research calls are runs of the session's caller.
  return mcp.createMcpHttpHandler<Caller>(
    (caller) =>
      mcp.createMcpServer({
        research: researchThroughService(runs, 'access' in caller ? caller.access : { all: false }),
        defaults: config,
        reader: tools.reader,
        search: tools.search,
        // The server's own models and the allowed ones, like the sessions API: never any model.
        allowedModels: choosableModels(policy),
        fixedBy: 'operator',
        ...(options.corpora && options.corpora.length > 0
          ? { corpora: mcp.mcpCorporaOf(options.corpora) }
          : {}),
        checkSetup: policy.checkSetup,
      }),
    { allowedOrigins: options.corsOrigins },
  );
}

/** The `/mcp` endpoint's handler (any method) and how to close its sessions on shutdown. */
export function mcpEndpoint(dependencies: RouteDependencies, options: McpEndpointOptions) {
  let handler: Promise<McpHttpHandler<Caller>> | undefined;
  return {
    async handle(context: Context<AppEnv>): Promise<Response> {
      handler ??= createHandler(dependencies, options);
      const caller = { client: context.get('client'), access: context.get('access') };
      return (await handler).handle(context.req.raw, caller);
    },
    async close(): Promise<void> {
      await (await handler)?.close();
    },
  };
}
