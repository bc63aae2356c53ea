import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { readLocalFile } from '../../reader/index.js';
import { MCP_READ_MAX_CHARACTERS } from '../constants.js';
import type { McpServerDependencies } from '../types.js';
import { createFileGuard } from './allowed-files.js';
import { toolInput } from './tool-input.js';
import { guarded, toolResult } from './tool-result.js';

const readInput = toolInput('read', {
  url: z
    .string()
    .trim()
    .min(1, 'an http(s) URL or the path of a file the operator allowed')
    .describe("An http(s) URL, or the path (or file:// URL) of a local file the server's operator allowed."),
  maxCharacters: z
    .number()
    .int()
    .positive()
    .max(1_000_000)
    .optional()
    .describe(
      `Longest markdown returned, in characters (default ${MCP_READ_MAX_CHARACTERS}); longer content is cut.`,
    ),
});

const readOutput = z.object({
  url: z.string().describe('The URL read, after redirects (file:// for local files).'),
  title: z.string(),
  markdown: z.string().describe('Main content as markdown.'),
  contentType: z.string(),
  truncated: z.boolean().describe('True when the markdown was cut at maxCharacters.'),
});

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * `read`: the reader on its own. An http(s) URL goes through the safe reader (private addresses
 * refused unless the operator allowed the host); a local path or file:// URL is read only when it is
 * one of the files or under one of the folders the operator allowed.
 */
export function registerReadTool(server: McpServer, deps: McpServerDependencies): void {
  const guard = createFileGuard(deps.allowedFiles ?? [], deps.cwd ?? process.cwd(), deps.fixedBy);
  server.registerTool(
    'read',
    {
      title: 'Read a page or file',
      description:
        'Reads a web page, PDF or allowed local file and returns its main content as markdown with its title and final URL.',
      inputSchema: readInput.advertised,
      outputSchema: readOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const { url, maxCharacters } = readInput.parse(args);
        const local = url.startsWith('file:')
          ? fileURLToPath(url)
          : SCHEME.test(url) && !/^[a-z]:\\/i.test(url)
            ? undefined
            : url;
        const source =
          local === undefined
            ? await deps.reader.read(url, { signal: extra.signal })
            : await readLocalFile(await guard.check(local));
        const limit = maxCharacters ?? MCP_READ_MAX_CHARACTERS;
        const truncated = source.markdown.length > limit;
        const markdown = truncated ? source.markdown.slice(0, limit) : source.markdown;
        const structured = {
          url: source.finalUrl,
          title: source.title,
          markdown,
          contentType: source.contentType,
          truncated,
        };
        const note = truncated
          ? `\n\n[cut at ${limit} characters; ask with a larger maxCharacters for more]`
          : '';
        return toolResult(
          `# ${source.title || source.finalUrl}\n\nURL: ${source.finalUrl}\n\n${markdown}${note}`,
          structured,
        );
      }),
  );
}
