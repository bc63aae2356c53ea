import { createHash } from 'node:crypto';
import { type Reader, type Source, splitPassages } from '../../reader/index.js';
import { McpToolError } from '../errors.js';
import type { McpToolClient } from './connect.js';
import { findHit, type HitStore, type McpHit, rememberHit, searchHits, toolAnsweredError } from './hits.js';
import { parseMcpUrl, RESULT_PARAMETER } from './mcp-url.js';

/** A source whose text is exactly what the tool returned, so quotes are checked against it. */
function sourceOf(url: string, title: string, text: string): Source {
  return {
    url,
    finalUrl: url,
    title,
    contentType: 'text/plain',
    markdown: text,
    text,
    passages: splitPassages(text),
    contentHash: createHash('sha256').update(text).digest('hex'),
    fetchedAt: new Date().toISOString(),
  };
}

/** A title the read tool gave in its structured answer, if any. */
function structuredTitle(structured: unknown): string | undefined {
  const title = (structured as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' && title.trim() ? title : undefined;
}

/** The reader of MCP results, and whether a URL is one of them. */
export interface McpReader extends Reader {
  /** True for `mcp://` URLs and for URLs an MCP search returned. */
  serves(url: string): boolean;
}

/**
 * Reads MCP results: a URL an MCP search returned is read with the server's read tool when the hit
 * has a key for it, else it is the hit's own text; an `mcp://` URL calls the read tool it names, or
 * runs the search it names again and takes the numbered result. Only a server's search and read
 * tools can be called this way.
 */
export function createMcpReader(clients: readonly McpToolClient[], hits: HitStore): McpReader {
  const clientNamed = (name: string, url: string) => {
    const client = clients.find((candidate) => candidate.name === name);
    if (client) return client;
    throw new McpToolError({
      code: 'unknown_url',
      message: `${url} names no connected MCP server. Connected: ${clients.map((item) => item.name).join(', ') || 'none'}.`,
    });
  };

  const readTool = async (
    client: McpToolClient,
    url: string,
    call: NonNullable<McpHit['read']>,
    fallbackTitle: string,
    signal?: AbortSignal,
  ) => {
    const output = await client.callTool(call.tool, call.args, { signal });
    if (output.isError) throw toolAnsweredError(client.name, call.tool, output);
    if (!output.text.trim()) {
      throw new McpToolError({
        code: 'tool_failed',
        server: client.name,
        message: `Tool ${call.tool} of MCP server "${client.name}" returned no text for ${url}.`,
      });
    }
    return sourceOf(url, structuredTitle(output.structured) ?? fallbackTitle, output.text);
  };

  return {
    serves: (url) => parseMcpUrl(url) !== undefined || findHit(hits, url) !== undefined,
    async read(url, options = {}) {
      const hit = findHit(hits, url);
      if (hit) {
        const client = clientNamed(hit.server, url);
        return hit.read
          ? readTool(client, url, hit.read, hit.title, options.signal)
          : sourceOf(url, hit.title, hit.text);
      }
      const parts = parseMcpUrl(url);
      if (!parts) throw new McpToolError({ code: 'unknown_url', message: `${url} is not an MCP result.` });
      const client = clientNamed(parts.server, url);
      if (client.read && parts.tool === client.read.tool) {
        return readTool(
          client,
          url,
          { tool: parts.tool, args: parts.args },
          `${client.name}: ${Object.values(parts.args).join(' ')}`,
          options.signal,
        );
      }
      const query = client.search ? parts.args[client.search.parameter] : undefined;
      const position = Number(parts.args[RESULT_PARAMETER]);
      if (
        client.search &&
        parts.tool === client.search.tool &&
        query &&
        Number.isInteger(position) &&
        position >= 1
      ) {
        const found = await searchHits(client, query, { signal: options.signal });
        const again = found[position - 1];
        if (again) {
          rememberHit(hits, again);
          return sourceOf(url, again.title, again.text);
        }
        throw new McpToolError({
          code: 'unknown_url',
          server: client.name,
          message: `The search behind ${url} no longer returns a result ${position}.`,
        });
      }
      const allowed = [client.search?.tool, client.read?.tool].filter(Boolean).join(' or ') || 'none';
      throw new McpToolError({
        code: 'unknown_url',
        server: client.name,
        message: `${url} calls tool "${parts.tool}", but only the search and read tools of MCP server "${client.name}" can be read (${allowed}).`,
      });
    },
  };
}
