export {
  type ConnectOptions,
  closeMcpClients,
  connectMcpServer,
  connectMcpServers,
  type McpToolClient,
} from './client/connect.js';
export type { ToolBinding, ToolInfo } from './client/detect-tools.js';
export { type McpUrlParts, mcpUrl, parseMcpUrl } from './client/mcp-url.js';
export {
  type McpServerEntry,
  mcpServerEntrySchema,
  parseMcpEntries,
} from './client/server-entry.js';
export type { ToolOutput } from './client/tool-output.js';
export { type WithMcpToolsOptions, withMcpTools } from './client/with-mcp-tools.js';
export * from './constants.js';
export { type McpErrorCode, McpToolError } from './errors.js';
export {
  createMcpHttpHandler,
  type McpCaller,
  type McpHttpHandler,
  type McpHttpOptions,
} from './http/http-handler.js';
export { createMcpServer } from './server/create-mcp-server.js';
export { mcpCorporaOf } from './server/research-corpora.js';
export type {
  CorpusExcerpt,
  CorpusPassage,
  CorpusSearchMode,
  McpCorpus,
  McpServerDependencies,
  ResearchFunction,
  ResearchHooks,
} from './types.js';
