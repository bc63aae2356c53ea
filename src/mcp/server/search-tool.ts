import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { TIME_RANGES, withinTimeRange } from '../../search/index.js';
import { MCP_SEARCH_DEFAULT_COUNT, MCP_SEARCH_MAX_COUNT } from '../constants.js';
import type { McpServerDependencies } from '../types.js';
import { toolInput } from './tool-input.js';
import { guarded, toolResult } from './tool-result.js';

const searchInput = toolInput('search', {
  query: z.string().trim().min(1, 'a non-empty query').describe('What to search the web for.'),
  count: z
    .number()
    .int()
    .positive()
    .max(MCP_SEARCH_MAX_COUNT)
    .optional()
    .describe(`Results wanted (default ${MCP_SEARCH_DEFAULT_COUNT}, at most ${MCP_SEARCH_MAX_COUNT}).`),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as "en" or "pt-BR"')
    .optional()
    .describe('Preferred language of results, e.g. "en".'),
  timeRange: z
    .enum(TIME_RANGES)
    .optional()
    .describe('Only results from this recent period (results dated earlier are dropped).'),
  sites: z
    .array(z.string().regex(/^[^\s/]+$/, 'a host name without scheme or path, e.g. "example.com"'))
    .optional()
    .describe('Only results from these hosts, e.g. ["arxiv.org"].'),
});

const searchOutput = z.object({
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      snippet: z.string(),
      publishedAt: z.string().optional(),
      provider: z.string().describe('Search provider that returned it.'),
    }),
  ),
});

/** `search`: one web search through the operator's search providers, fanned out and fused. */
export function registerSearchTool(server: McpServer, deps: McpServerDependencies): void {
  server.registerTool(
    'search',
    {
      title: 'Web search',
      description: `Searches the web with the server's search providers (${deps.search.id}) and returns ranked results: title, URL, snippet, date when known.`,
      inputSchema: searchInput.advertised,
      outputSchema: searchOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const { query, count, language, timeRange, sites } = searchInput.parse(args);
        const results = await deps.search.search({
          query,
          count: count ?? MCP_SEARCH_DEFAULT_COUNT,
          signal: extra.signal,
          language,
          timeRange,
          sites: sites?.length ? sites : undefined,
        });
        const now = new Date();
        const kept = results
          .filter((result) => !timeRange || withinTimeRange(result.publishedAt, timeRange, now))
          .slice(0, count ?? MCP_SEARCH_DEFAULT_COUNT);
        const text = kept.length
          ? kept
              .map((result, index) => `${index + 1}. ${result.title}\n   ${result.url}\n   ${result.snippet}`)
              .join('\n')
          : `No results for "${query}".`;
        return toolResult(text, { results: kept });
      }),
  );
}
