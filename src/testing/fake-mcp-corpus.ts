import type { CorpusExcerpt, CorpusPassage, CorpusSearchMode, McpCorpus } from '../mcp/index.js';

/** A call the fake corpus got. */
export type FakeCorpusCall =
  | { method: 'searchCorpus'; query: string; mode: CorpusSearchMode; limit: number }
  | { method: 'readFile'; path: string; startLine?: number; endLine?: number };

/** An `McpCorpus` over files in memory, recording its calls. */
export interface FakeMcpCorpus extends McpCorpus {
  readonly calls: FakeCorpusCall[];
}

/**
 * A corpus of in-memory files for the MCP corpus tools: `searchCorpus` returns the lines that
 * contain any word of the query (best first by words matched), `readFile` the asked lines.
 */
export function createFakeMcpCorpus(id: string, files: Record<string, string>): FakeMcpCorpus {
  const calls: FakeCorpusCall[] = [];
  return {
    id,
    calls,
    async searchCorpus(query, mode, limit) {
      calls.push({ method: 'searchCorpus', query, mode, limit });
      const words = query.toLowerCase().match(/\w+/g) ?? [];
      const passages: CorpusPassage[] = [];
      for (const [path, text] of Object.entries(files)) {
        text.split('\n').forEach((line, index) => {
          const score = words.filter((word) => line.toLowerCase().includes(word)).length;
          if (score > 0) passages.push({ path, startLine: index + 1, endLine: index + 1, text: line, score });
        });
      }
      return passages.sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).slice(0, limit);
    },
    async readFile(path, startLine, endLine) {
      calls.push({
        method: 'readFile',
        path,
        ...(startLine !== undefined ? { startLine } : {}),
        ...(endLine !== undefined ? { endLine } : {}),
      });
      const text = files[path];
      if (text === undefined) throw new Error(`No file ${path} in corpus ${id}.`);
      const lines = text.split('\n');
      const first = startLine ?? 1;
      const last = Math.min(endLine ?? lines.length, lines.length);
      const excerpt: CorpusExcerpt = {
        path,
        startLine: first,
        endLine: last,
        totalLines: lines.length,
        text: lines.slice(first - 1, last).join('\n'),
      };
      return excerpt;
    },
  };
}
