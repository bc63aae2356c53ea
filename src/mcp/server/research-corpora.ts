import type { ResearchCorpus } from '../../research/index.js';
import type { McpCorpus } from '../types.js';

/**
 * The MCP tools' view of the folders a run can research (`mcp --corpus`, `serve --corpus`): the
 * corpus index searched and read as it is, by the corpus's id.
 */
export function mcpCorporaOf(corpora: readonly ResearchCorpus[]): McpCorpus[] {
  return corpora.map(({ id, corpus }) => ({
    id,
    async searchCorpus(query, mode, limit) {
      const hits = await corpus.searchCorpus({ query, mode, limit });
      return hits.map((hit) => ({
        path: hit.path,
        startLine: hit.startLine,
        endLine: hit.endLine,
        text: hit.text,
        score: hit.score,
        symbol: hit.symbol || undefined,
        matchLines: hit.matchLines,
        snippet: hit.snippet,
      }));
    },
    async readFile(path, startLine, endLine) {
      const excerpt = await corpus.readFile({
        path,
        startLine,
        endLine,
      });
      return {
        path: excerpt.path,
        startLine: excerpt.startLine,
        endLine: excerpt.endLine,
        text: excerpt.text,
        totalLines: excerpt.totalLines,
      };
    },
  }));
}
