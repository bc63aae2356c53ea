import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** A page of the fake wiki; without `url` its results are cited by `mcp://` URLs. */
export interface FakeMcpPage {
  id: string;
  title: string;
  text: string;
  url?: string;
}

/** An internal wiki no web search knows: what an MCP tool adds to a run. */
export const fakeMcpPages: FakeMcpPage[] = [
  {
    id: 'falcon-launch',
    title: 'Project Falcon: launch plan',
    url: 'https://wiki.example.internal/pages/falcon-launch',
    text: 'Project Falcon is the internal codename for the new billing service.\n\nThe Falcon launch date is 14 March 2026, after the security review signs off.',
  },
  {
    id: 'falcon-team',
    title: 'Project Falcon: team',
    text: 'The Falcon team has five engineers and is led by Dana Ortiz.\n\nQuestions go to the #falcon channel.',
  },
];

/** A call the fake server received. */
export interface FakeMcpCall {
  tool: string;
  args: Record<string, unknown>;
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

/**
 * An MCP server like an internal wiki's: `search_wiki({ query })` answers JSON
 * `{ results: [{ id, title, url?, snippet }] }` ranked by shared words, `read_page({ id })` the page's
 * text, and `create_ticket({ title, body })` — a tool with side effects that research must never call.
 */
export function createFakeMcpServer(
  pages: readonly FakeMcpPage[] = fakeMcpPages,
  options: { onCall?: (call: FakeMcpCall) => void } = {},
): McpServer {
  const server = new McpServer({ name: 'fake-wiki', version: '1.0.0' });
  const record = (tool: string, args: Record<string, unknown>) => options.onCall?.({ tool, args });
  server.registerTool(
    'search_wiki',
    { description: 'Searches the internal wiki.', inputSchema: { query: z.string() } },
    async ({ query }) => {
      record('search_wiki', { query });
      const asked = words(query);
      const ranked = pages
        .map((page) => ({
          page,
          score: [...words(`${page.title} ${page.text}`)].filter((word) => asked.has(word)).length,
        }))
        .filter((entry) => entry.score > 0)
        .sort((a, b) => b.score - a.score);
      const results = ranked.map(({ page }) => ({
        id: page.id,
        title: page.title,
        ...(page.url ? { url: page.url } : {}),
        snippet: page.text.split('\n')[0] ?? '',
      }));
      return { content: [{ type: 'text', text: JSON.stringify({ results }) }] };
    },
  );
  server.registerTool(
    'read_page',
    { description: 'Reads one wiki page by id.', inputSchema: { id: z.string() } },
    async ({ id }) => {
      record('read_page', { id });
      const page = pages.find((candidate) => candidate.id === id);
      if (!page) return { content: [{ type: 'text', text: `No page ${id}.` }], isError: true };
      return { content: [{ type: 'text', text: page.text }], structuredContent: { title: page.title } };
    },
  );
  server.registerTool(
    'create_ticket',
    { description: 'Creates a ticket.', inputSchema: { title: z.string(), body: z.string() } },
    async (args) => {
      record('create_ticket', args);
      return { content: [{ type: 'text', text: 'created' }] };
    },
  );
  return server;
}

/**
 * How to start the fake server as a child process over stdio (what `--mcp` and config entries
 * take): `command` and `args` (its call log as JSON lines, pid file and a JSON file of pages are
 * arguments, so they reach it through `--mcp` too), and the same as one `--mcp` string.
 */
export function fakeMcpServerCommand(
  options: {
    pagesFile?: string;
    logFile?: string;
    pidFile?: string;
    /** Keep running (up to a minute) after stdin closes, like a server that only a signal ends. */
    linger?: boolean;
  } = {},
) {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./fake-mcp-server-main.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  const loader = fromSource
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];
  const args = [
    ...loader,
    entry,
    ...(options.logFile ? ['--log', options.logFile] : []),
    ...(options.pidFile ? ['--pid-file', options.pidFile] : []),
    ...(options.pagesFile ? ['--pages', options.pagesFile] : []),
    ...(options.linger ? ['--linger'] : []),
  ];
  const quote = (word: string) => (/^[\w:/.@=+-]+$/.test(word) ? word : `"${word}"`);
  return { command: process.execPath, args, flag: [process.execPath, ...args].map(quote).join(' ') };
}

/** Settings of the stdio entry, from its arguments. */
export function fakeMcpSettings(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      log: { type: 'string' },
      'pid-file': { type: 'string' },
      pages: { type: 'string' },
      linger: { type: 'boolean' },
    },
  });
  const log = values.log;
  return {
    pages: values.pages ? (JSON.parse(readFileSync(values.pages, 'utf8')) as FakeMcpPage[]) : fakeMcpPages,
    pidFile: values['pid-file'],
    linger: values.linger === true,
    onCall: log ? (call: FakeMcpCall) => appendFileSync(log, `${JSON.stringify(call)}\n`) : undefined,
  };
}
