import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion } from '../../shared/index.js';
import { MCP_SERVER_NAME } from '../constants.js';
import type { McpServerDependencies } from '../types.js';
import { registerCorpusTools } from './corpus-tools.js';
import { registerReadTool } from './read-tool.js';
import { registerResearchTool } from './research-tool.js';
import { registerSearchTool } from './search-tool.js';

/**
 * The DeepResearch MCP server: tools `research`, `read`, `search`, and with registered corpora
 * `search_corpus` and `read_file`. Connect it to one transport (stdio, or one Streamable HTTP
 * session); build one per connection.
 */
export function createMcpServer(deps: McpServerDependencies): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: deps.version ?? packageVersion() },
    {
      instructions:
        'Use "research" for questions that need several sources and a cited answer (it takes minutes and reports progress); "search" and "read" for one quick look-up.',
    },
  );
  registerResearchTool(server, deps);
  registerReadTool(server, deps);
  registerSearchTool(server, deps);
  if (deps.corpora && deps.corpora.length > 0) registerCorpusTools(server, deps.corpora);
  return server;
}
