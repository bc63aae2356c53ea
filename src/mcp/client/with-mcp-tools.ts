import type { ResearchConfig } from '../../config/index.js';
import { ConfigError } from '../../errors.js';
import { createMemorySourceCache, createReader, type Reader } from '../../reader/index.js';
import type { ResearchRuntime } from '../../research/index.js';
import { checkSearch, createSearchProvider, type SearchProvider } from '../../search/index.js';
import type { McpToolClient } from './connect.js';
import { createHitStore } from './hits.js';
import { createMcpReader } from './mcp-reader.js';
import { createMcpSearch } from './mcp-search.js';

/** What `withMcpTools` needs to build the web search and reader a runtime does not inject. */
export interface WithMcpToolsOptions {
  /** The run's options: its `search` providers, `searxngUrl` and `allowHosts`. */
  config?: Pick<ResearchConfig, 'search' | 'searxngUrl' | 'allowHosts'>;
}

/** The web search providers the engine would build from the options, one by one. */
function webProviders(runtime: ResearchRuntime, config: WithMcpToolsOptions['config']): SearchProvider[] {
  if (runtime.searchProviders) return runtime.searchProviders;
  if (!config) {
    throw new ConfigError(
      'withMcpTools needs runtime.searchProviders or options.config, so the web search stays in the run.',
    );
  }
  const env = runtime.env ?? process.env;
  checkSearch({
    providers: config.search,
    env,
    ...(config.searxngUrl ? { searxngUrl: config.searxngUrl } : {}),
  });
  return [...new Set(config.search)].map((id) =>
    createSearchProvider(id, {
      env,
      ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
      ...(id === 'searxng' && config.searxngUrl ? { baseURL: config.searxngUrl } : {}),
    }),
  );
}

function webReader(runtime: ResearchRuntime, config: WithMcpToolsOptions['config']): Reader {
  return (
    runtime.reader ??
    createReader({
      allowHosts: config?.allowHosts ?? [],
      ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
      cache: runtime.sourceCache ?? createMemorySourceCache(),
    })
  );
}

/**
 * A runtime whose run also searches and reads through connected MCP servers, without changing the
 * engine: each server's search tool becomes a search provider (`mcp:<name>`) beside the web ones,
 * and the reader sends `mcp://` URLs and URLs an MCP search returned to MCP (the source's text is
 * exactly what the tool returned, so quotes are checked against it) and every other URL to the
 * usual reader. Build one per run: the hits it remembers belong to that run.
 */
export function withMcpTools(
  runtime: ResearchRuntime,
  clients: readonly McpToolClient[],
  options: WithMcpToolsOptions = {},
): ResearchRuntime {
  if (clients.length === 0) return runtime;
  const hits = createHitStore();
  const web = webProviders(runtime, options.config);
  const mcpSearch = clients.filter((client) => client.search).map((client) => createMcpSearch(client, hits));
  const mcpReader = createMcpReader(clients, hits);
  const reader = webReader(runtime, options.config);
  return {
    ...runtime,
    searchProviders: [...web, ...mcpSearch],
    reader: {
      read: (url, readOptions) =>
        mcpReader.serves(url) ? mcpReader.read(url, readOptions) : reader.read(url, readOptions),
    },
  };
}
