import type { SearchProvider, SearchResult } from '../../search/index.js';
import { MCP_CLIENT_MAX_HITS } from '../constants.js';
import type { McpToolClient } from './connect.js';
import { type HitStore, rememberHit, searchHits } from './hits.js';

const SNIPPET_CHARACTERS = 400;

/**
 * A search provider (id `mcp:<name>`) over a connected MCP server's search tool. Each hit is kept
 * in `hits`, so reading its URL gives back exactly the text the tool returned (or the read tool's
 * answer for it).
 */
export function createMcpSearch(client: McpToolClient, hits: HitStore): SearchProvider {
  const id = `mcp:${client.name}`;
  return {
    id,
    async search(request) {
      const count = Math.min(request.count ?? MCP_CLIENT_MAX_HITS, MCP_CLIENT_MAX_HITS);
      const found = await searchHits(client, request.query, { count, signal: request.signal });
      return found.slice(0, count).map((hit): SearchResult => {
        rememberHit(hits, hit);
        const flat = hit.text.replace(/\s+/g, ' ').trim();
        return { title: hit.title, url: hit.url, snippet: flat.slice(0, SNIPPET_CHARACTERS), provider: id };
      });
    },
  };
}
