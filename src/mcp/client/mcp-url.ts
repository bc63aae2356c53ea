/**
 * `mcp://<server>/<tool>?<arguments>`: a result of a connected MCP server, as a URL that says how to
 * get it again — call `<tool>` of `<server>` with these arguments. A search result without its own
 * URL is `mcp://<server>/<searchTool>?<query parameter>=…&result=<n>`.
 */
export interface McpUrlParts {
  server: string;
  tool: string;
  args: Record<string, string>;
}

/** The parameter naming which hit of a search an `mcp://` URL means (1-based). */
export const RESULT_PARAMETER = 'result';

/** Builds the `mcp://` URL of a tool call, arguments sorted so equal calls give equal URLs. */
export function mcpUrl(parts: McpUrlParts): string {
  const query = new URLSearchParams(
    Object.entries(parts.args).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return `mcp://${parts.server}/${encodeURIComponent(parts.tool)}?${query.toString()}`;
}

/** The parts of an `mcp://` URL, or undefined for any other URL. */
export function parseMcpUrl(url: string): McpUrlParts | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    // Not a URL at all: certainly not one of ours.
    return undefined;
  }
  if (parsed.protocol !== 'mcp:' || !parsed.hostname) return undefined;
  return {
    server: parsed.hostname,
    tool: decodeURIComponent(parsed.pathname.replace(/^\/+/, '')),
    args: Object.fromEntries(parsed.searchParams),
  };
}
