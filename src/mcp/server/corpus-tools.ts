import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ConfigError } from '../../errors.js';
import { MCP_CORPUS_DEFAULT_LIMIT, MCP_SEARCH_MAX_COUNT } from '../constants.js';
import { McpToolError } from '../errors.js';
import type { McpCorpus } from '../types.js';
import { toolInput } from './tool-input.js';
import { guarded, toolResult } from './tool-result.js';

/** The corpus a call names, or the only one when there is one. */
function pick(corpora: readonly McpCorpus[], id: string | undefined): McpCorpus {
  const ids = corpora.map((corpus) => corpus.id);
  const found =
    id === undefined && corpora.length === 1 ? corpora[0] : corpora.find((corpus) => corpus.id === id);
  if (found) return found;
  throw new McpToolError({
    code: 'unknown_corpus',
    message:
      id === undefined
        ? `Name the corpus: "corpus" must be one of ${ids.join(', ')}.`
        : `Unknown corpus "${id}". Known: ${ids.join(', ')}.`,
  });
}

const lineNumber = z.number().int().positive();

const passageOutput = z.object({
  corpus: z.string(),
  path: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  text: z.string(),
  score: z.number().optional(),
  symbol: z.string().optional(),
  matchLines: z.array(z.number()).optional(),
  snippet: z.string().optional(),
});

/** A passage for the caller to read: where, which symbol, the matching lines, then its text. */
function passageText(passage: z.infer<typeof passageOutput>): string {
  const symbol = passage.symbol ? `  ${passage.symbol}` : '';
  const matches = passage.matchLines?.length ? `\nmatching lines:\n${passage.snippet ?? ''}` : '';
  return `${passage.path}:${passage.startLine}-${passage.endLine}${symbol}${matches}\n---\n${passage.text}`;
}

/**
 * `search_corpus` and `read_file`, offered when corpora are registered: ranked passages of the
 * operator's local folders and repositories, and line ranges of their files.
 */
export function registerCorpusTools(server: McpServer, corpora: readonly McpCorpus[]): void {
  const ids = corpora.map((corpus) => corpus.id);
  const corpusArgument = z
    .string()
    .optional()
    .describe(
      `Corpus to use: ${ids.join(', ')}${ids.length === 1 ? ' (the default)' : ' (required when there are several)'}.`,
    );

  const searchInput = toolInput('search_corpus', {
    query: z
      .string()
      .trim()
      .min(1, 'a non-empty query')
      .describe('Words, a phrase or a symbol name to look for.'),
    corpus: corpusArgument,
    mode: z
      .enum(['lexical', 'semantic', 'hybrid'])
      .optional()
      .describe('lexical (BM25), semantic (embeddings) or hybrid (both fused; the default).'),
    limit: z
      .number()
      .int()
      .positive()
      .max(MCP_SEARCH_MAX_COUNT)
      .optional()
      .describe(`Passages wanted (default ${MCP_CORPUS_DEFAULT_LIMIT}).`),
  });
  server.registerTool(
    'search_corpus',
    {
      title: 'Search local documents and code',
      description: `Searches the registered corpora (${ids.join(', ')}) and returns ranked passages with file path and line range.`,
      inputSchema: searchInput.advertised,
      outputSchema: { passages: z.array(passageOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const { query, corpus, mode, limit } = searchInput.parse(args);
        const chosen = pick(corpora, corpus);
        const passages = (
          await chosen.searchCorpus(query, mode ?? 'hybrid', limit ?? MCP_CORPUS_DEFAULT_LIMIT)
        ).map((passage) => ({ corpus: chosen.id, ...passage }));
        const text = passages.length
          ? passages.map(passageText).join('\n\n')
          : `No passages for "${query}" in ${chosen.id}.`;
        return toolResult(text, { passages });
      }),
  );

  const readInput = toolInput('read_file', {
    path: z
      .string()
      .trim()
      .min(1, 'a non-empty path')
      .describe('Path relative to the corpus root, as search_corpus gives it.'),
    corpus: corpusArgument,
    startLine: lineNumber.optional().describe('First line, 1-based (default 1).'),
    endLine: lineNumber.optional().describe('Last line, inclusive (default: the end of the file).'),
  });
  server.registerTool(
    'read_file',
    {
      title: 'Read lines of a corpus file',
      description:
        'Returns lines of a file of a registered corpus (the whole file without a range), with line numbers.',
      inputSchema: readInput.advertised,
      outputSchema: {
        corpus: z.string(),
        path: z.string(),
        startLine: z.number(),
        endLine: z.number(),
        totalLines: z.number().optional(),
        text: z.string(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const { path, corpus, startLine, endLine } = readInput.parse(args);
        if (startLine !== undefined && endLine !== undefined && endLine < startLine) {
          throw new ConfigError(
            `Invalid value for "endLine" in the read_file arguments: must be at least startLine (${startLine}), got ${endLine}.`,
            {
              key: 'endLine',
            },
          );
        }
        const chosen = pick(corpora, corpus);
        const excerpt = await chosen.readFile(path, startLine, endLine);
        const numbered = excerpt.text
          .split('\n')
          .map((line, index) => `${excerpt.startLine + index}: ${line}`)
          .join('\n');
        return toolResult(`${excerpt.path}:${excerpt.startLine}-${excerpt.endLine}\n${numbered}`, {
          corpus: chosen.id,
          ...excerpt,
        });
      }),
  );
}
