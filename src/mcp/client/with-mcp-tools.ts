import { ConfigError } from '../../errors.js';
import type { ResearchRuntime } from '../../research/index.js';
import { buildReader, buildSearchProviders, type ToolConfig } from '../../research/on-demand.js';
import type { McpToolClient } from './connect.js';
import { createHitStore } from './hits.js';
import { createMcpReader } from './mcp-reader.js';
import { createMcpSearch } from './mcp-search.js';

/** What `withMcpTools` needs to build the web search and reader a runtime does not inject. */
export interface WithMcpToolsOptions {
  /** The run's options: its `search` providers, `searxngUrl` and `allowHosts`. */
  config?: ToolConfig;
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
  if (!runtime.searchProviders && !options.config) {
    throw new ConfigError(
      'withMcpTools needs runtime.searchProviders or options.config, so the web search stays in the run.',
    );
  }
  // The web search and reader the engine would build, one provider at a time (MCP's join them).
  const config = options.config ?? { search: [], allowHosts: [] };
  const web = buildSearchProviders(config, runtime);
  const reader = buildReader(config, runtime);
  const hits = createHitStore();
  const mcpSearch = clients.filter((client) => client.search).map((client) => createMcpSearch(client, hits));
  const mcpReader = createMcpReader(clients, hits);
  return {
    ...runtime,
    searchProviders: [...web, ...mcpSearch],
    reader: {
      read: (url, readOptions) =>
        mcpReader.serves(url) ? mcpReader.read(url, readOptions) : reader.read(url, readOptions),
    },
  };
}
