import { canonicalUrl } from '../../shared/index.js';
import { McpToolError } from '../errors.js';
import type { McpToolClient } from './connect.js';
import type { ToolBinding } from './detect-tools.js';
import { mcpUrl, RESULT_PARAMETER } from './mcp-url.js';
import type { ToolOutput } from './tool-output.js';

/** One search result of an MCP tool, with what is needed to read it. */
export interface McpHit {
  /** Name of the MCP server that returned it. */
  server: string;
  title: string;
  /** Where it is cited: the tool's own http(s) URL, or an `mcp://` URL. */
  url: string;
  /** The hit's text exactly as the tool returned it (a snippet, or the whole item). */
  text: string;
  /** The read-tool call that gives the whole item, when the server has a read tool. */
  read?: { tool: string; args: Record<string, string> };
}

/** Hits by canonical URL, so the reader serves what search returned. */
export type HitStore = Map<string, McpHit>;

export function createHitStore(): HitStore {
  return new Map();
}

export function rememberHit(store: HitStore, hit: McpHit): void {
  store.set(canonicalUrl(hit.url), hit);
}

export function findHit(store: HitStore, url: string): McpHit | undefined {
  return store.get(canonicalUrl(url));
}

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LIST_KEYS = ['results', 'items', 'hits', 'documents', 'data', 'pages', 'entries', 'matches', 'records'];
const TITLE_KEYS = ['title', 'name', 'heading', 'subject', 'path', 'id', 'key'];
const URL_KEYS = ['url', 'link', 'href', 'uri', 'html_url', 'web_url'];
const TEXT_KEYS = ['snippet', 'content', 'text', 'body', 'excerpt', 'summary', 'description', 'abstract'];
const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value);

function firstString(item: Item, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = item[key];
    if (typeof value === 'string' && value.trim()) return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

/** The list of result objects in a tool's JSON answer, wherever it is. */
function itemsIn(value: unknown): Item[] | undefined {
  if (Array.isArray(value)) return value.length > 0 && value.every(isItem) ? value : undefined;
  if (!isItem(value)) return undefined;
  for (const key of [...LIST_KEYS, ...Object.keys(value)]) {
    const list = value[key];
    if (Array.isArray(list) && list.length > 0 && list.every(isItem)) return list;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Plain text is a valid answer too: the caller treats it as one hit.
    return undefined;
  }
}

interface ExtractContext {
  server: string;
  search: ToolBinding;
  read: ToolBinding | undefined;
  query: string;
}

function hitOfItem(item: Item, position: number, context: ExtractContext): McpHit {
  const ownUrl = URL_KEYS.map((key) => item[key]).find(isWebUrl);
  const key = context.read ? (firstString(item, [context.read.parameter, 'id', 'key']) ?? ownUrl) : undefined;
  const read =
    context.read && key ? { tool: context.read.tool, args: { [context.read.parameter]: key } } : undefined;
  const url =
    ownUrl ??
    mcpUrl(
      read
        ? { server: context.server, ...read }
        : {
            server: context.server,
            tool: context.search.tool,
            args: { [context.search.parameter]: context.query, [RESULT_PARAMETER]: String(position + 1) },
          },
    );
  return {
    server: context.server,
    title: firstString(item, TITLE_KEYS) ?? `${context.server} result ${position + 1}`,
    url,
    text: firstString(item, TEXT_KEYS) ?? JSON.stringify(item, null, 2),
    read,
  };
}

/**
 * The hits in a search tool's answer: a JSON list of result objects (in `structuredContent` or the
 * text; title, URL, snippet and key taken from their usual field names), else its resource links,
 * else the whole text as one hit.
 */
export function extractHits(output: ToolOutput, context: ExtractContext): McpHit[] {
  const items = itemsIn(output.structured) ?? itemsIn(parseJson(output.text));
  if (items) return items.map((item, position) => hitOfItem(item, position, context));
  if (output.links.length > 0) {
    return output.links.map((link, position) =>
      hitOfItem(
        { title: link.name, url: link.uri, description: link.description || undefined },
        position,
        context,
      ),
    );
  }
  if (!output.text.trim()) return [];
  return [
    hitOfItem({ title: `${context.server}: ${context.query}`, text: output.text }, 0, {
      ...context,
      read: undefined,
    }),
  ];
}

/** Runs the client's search tool for a query and returns its hits. */
export async function searchHits(
  client: McpToolClient,
  query: string,
  options: { count?: number; signal?: AbortSignal },
): Promise<McpHit[]> {
  const search = client.search;
  if (!search) return [];
  const args: Record<string, unknown> = { [search.parameter]: query };
  if (search.countParameter && options.count) args[search.countParameter] = options.count;
  const output = await client.callTool(search.tool, args, { signal: options.signal });
  if (output.isError) throw toolAnsweredError(client.name, search.tool, output);
  return extractHits(output, { server: client.name, search, read: client.read, query });
}

/** The error for a tool that answered `isError`, quoting the start of what it said. */
export function toolAnsweredError(server: string, tool: string, output: ToolOutput): McpToolError {
  return new McpToolError({
    code: 'tool_failed',
    server,
    message: `Tool ${tool} of MCP server "${server}" answered with an error: ${output.text.slice(0, 300) || '(no message)'}`,
  });
}
