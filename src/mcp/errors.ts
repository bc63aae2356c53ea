import { DeepResearchError, type ErrorKind } from '../errors.js';

/**
 * Why something MCP-related failed; callers branch on this, never on the message.
 * - `file_not_allowed`: the `read` tool was given a local path outside the files the operator allowed;
 * - `unknown_corpus`: `search_corpus` / `read_file` named a corpus that is not registered;
 * - `connect_failed`: an MCP server could not be started or did not initialise;
 * - `tool_failed`: a tool of a connected MCP server answered with an error or not at all;
 * - `tool_missing`: the configured `searchTool` / `readTool` is not among the server's tools;
 * - `unknown_url`: an `mcp://` URL names no connected server, or a tool that is not its search or read tool.
 */
export type McpErrorCode =
  | 'file_not_allowed'
  | 'unknown_corpus'
  | 'connect_failed'
  | 'tool_failed'
  | 'tool_missing'
  | 'unknown_url';

const kindOfCode: Record<McpErrorCode, ErrorKind> = {
  file_not_allowed: 'user',
  unknown_corpus: 'user',
  connect_failed: 'system',
  tool_failed: 'system',
  tool_missing: 'user',
  unknown_url: 'user',
};

/** A failure of the MCP server's tools or of a connected MCP server; `server` names the latter. */
export class McpToolError extends DeepResearchError {
  declare readonly code: McpErrorCode;
  /** Name of the connected MCP server involved, when there is one. */
  readonly server: string | undefined;

  constructor(options: { code: McpErrorCode; message: string; server?: string; cause?: unknown }) {
    super({
      code: options.code,
      message: options.message,
      kind: kindOfCode[options.code],
      cause: options.cause,
    });
    this.server = options.server;
  }
}
