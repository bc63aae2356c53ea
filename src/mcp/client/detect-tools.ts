import { McpToolError } from '../errors.js';

/** A tool as `tools/list` describes it. */
export interface ToolInfo {
  name: string;
  description?: string;
  inputSchema: { type?: string; properties?: Record<string, unknown>; required?: string[] };
}

/** A tool chosen for search or read, and the parameter that takes the query or the key. */
export interface ToolBinding {
  tool: string;
  parameter: string;
  /** A numeric parameter for the number of results, when the tool has one. */
  countParameter?: string;
}

const QUERY_NAME = /^(q|query|search|search_?query|search_?term|terms?|keywords?|question)$/i;
const KEY_NAME = /^(id|key|url|uri|path|page|page_?id|doc(ument)?_?id|slug|name|ref|link)$/i;
const READ_NAME = /(^|[_.-])(read|fetch|get|open|view|retrieve|load|show)/i;
const COUNT_NAME = /^(count|limit|max_?results|num_?results|top_?k|n|size|page_?size|per_?page)$/i;

function typeOf(schema: unknown): string | undefined {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return typeof type === 'string'
    ? type
    : Array.isArray(type)
      ? (type.find((item) => item !== 'null') as string)
      : undefined;
}

function requiredStrings(tool: ToolInfo): string[] {
  const properties = tool.inputSchema.properties ?? {};
  return (tool.inputSchema.required ?? []).filter((name) => typeOf(properties[name]) === 'string');
}

function countParameter(tool: ToolInfo): string | undefined {
  const properties = tool.inputSchema.properties ?? {};
  return Object.keys(properties).find(
    (name) => COUNT_NAME.test(name) && ['integer', 'number'].includes(typeOf(properties[name]) ?? ''),
  );
}

/** Whether a tool needs exactly one argument, a string, and nothing else required. */
function singleStringParameter(tool: ToolInfo): string | undefined {
  const strings = requiredStrings(tool);
  return strings.length === 1 && (tool.inputSchema.required ?? []).length === 1 ? strings[0] : undefined;
}

function missing(server: string, kind: string, name: string, tools: readonly ToolInfo[]): McpToolError {
  return new McpToolError({
    code: 'tool_missing',
    server,
    message: `MCP server "${server}" has no ${kind} tool "${name}" that takes one string argument. Its tools: ${tools.map((tool) => tool.name).join(', ') || 'none'}.`,
  });
}

/**
 * The search tool: the one named (it must take one required string), or the first tool whose one
 * required parameter is a string named like a query (`query`, `q`, `search`…).
 */
export function detectSearchTool(
  server: string,
  tools: readonly ToolInfo[],
  named?: string,
): ToolBinding | undefined {
  const bind = (tool: ToolInfo, parameter: string): ToolBinding => {
    return { tool: tool.name, parameter, countParameter: countParameter(tool) };
  };
  if (named) {
    const tool = tools.find((candidate) => candidate.name === named);
    const parameter =
      tool && (requiredStrings(tool).find((name) => QUERY_NAME.test(name)) ?? singleStringParameter(tool));
    if (!tool || !parameter) throw missing(server, 'search', named, tools);
    return bind(tool, parameter);
  }
  for (const tool of tools) {
    const parameter = singleStringParameter(tool);
    if (parameter && QUERY_NAME.test(parameter)) return bind(tool, parameter);
  }
  return undefined;
}

/**
 * The read tool: the one named, or the first other than the search tool whose name says it reads
 * (`read_page`, `fetch`, `get_document`…) and whose one required parameter is a string key
 * (`id`, `url`, `path`…).
 */
export function detectReadTool(
  server: string,
  tools: readonly ToolInfo[],
  options: { named?: string; searchTool?: string },
): ToolBinding | undefined {
  if (options.named) {
    const tool = tools.find((candidate) => candidate.name === options.named);
    const parameter = tool && singleStringParameter(tool);
    if (!tool || !parameter) throw missing(server, 'read', options.named, tools);
    return { tool: tool.name, parameter };
  }
  for (const tool of tools) {
    if (tool.name === options.searchTool || !READ_NAME.test(tool.name)) continue;
    const parameter = singleStringParameter(tool);
    if (parameter && KEY_NAME.test(parameter)) return { tool: tool.name, parameter };
  }
  return undefined;
}
