import { researchFlags } from './options.js';

const pad = (text: string, width: number) => (text.length >= width ? `${text}  ` : text.padEnd(width));

function researchFlagLines(): string {
  return researchFlags
    .map((entry) => {
      const name = `--${entry.flag}${entry.value ? ` ${entry.value}` : ''}`;
      const env = entry.env ? ` [env ${entry.env}]` : '';
      return `  ${pad(name, 28)}${entry.help}${env}`;
    })
    .join('\n');
}

export function helpText(version: string): string {
  return `deepresearch ${version} — plans, searches, reads and answers with verified citations.

Usage:
  deepresearch "question" [options]        research a question (same as: deepresearch ask "question")
  deepresearch read <url|file>... [options] print the main content of pages, PDFs and files
  deepresearch serve [options]             sessions API, OpenAI-compatible endpoint and web UI
  deepresearch mcp [options]               serve the research, read and search tools over MCP (stdio)

Research options (flags > environment > config file > defaults):
${researchFlagLines()}

Output options:
  ${pad('--json', 28)}Print one JSON result object on stdout.
  ${pad('--out FILE', 28)}Write the answer (or JSON) to FILE instead of stdout.
  ${pad('--quiet', 28)}No progress on stderr.
  ${pad('--verbose', 28)}Stack traces on errors.
  ${pad('--config FILE', 28)}Config file (default: ./deepresearch.config.json when present).
  ${pad('-h, --help', 28)}This help.   -v, --version  The version.

Read options:
  ${pad('--format FORMAT', 28)}markdown (default), text or json (one object per line).
  ${pad('--allow-host HOST:PORT', 28)}Allow a private or loopback host (repeatable).
  ${pad('--concurrency N', 28)}Inputs read at once (default 8).

Serve options (plus every research option above, as defaults for runs):
  ${pad('--port N', 28)}Port (default 8080; 0 picks a free one).
  ${pad('--host HOST', 28)}Interface (default 127.0.0.1; 0.0.0.0 needs --auth-token).
  ${pad('--db PATH', 28)}SQLite database (default: your data directory).
  ${pad('--auth-token TOKEN', 28)}Bearer token clients must send (repeatable).
  ${pad('--auth-token-file FILE', 28)}File with one token per line.
  ${pad('--max-concurrent-runs N', 28)}Runs executing at once; others queue (default 4).
  ${pad('--cors-origin ORIGIN', 28)}Allowed browser origin (repeatable).
  ${pad('--allowed-model ID', 28)}Restrict the models API clients may ask for (repeatable).

MCP options:
  ${pad('--mcp "COMMAND ARGS"', 28)}Also search and read through this MCP server's tools (repeatable;
  ${pad('', 28)}"name=COMMAND ARGS" names it). Config file: "mcp": [{ name, command, args }].
  ${pad('--allow-file PATH', 28)}mcp: let the read tool read this file or folder (repeatable).

Keys are read from the provider's usual variable: OPENAI_API_KEY, ANTHROPIC_API_KEY,
GOOGLE_GENERATIVE_AI_API_KEY, OPENROUTER_API_KEY; search keys: BRAVE_API_KEY, SERPER_API_KEY,
TAVILY_API_KEY, EXA_API_KEY, JINA_API_KEY, FIRECRAWL_API_KEY, GITHUB_TOKEN.

Exit codes: 0 answered (completed or best effort), 1 failed or bad usage, 130 interrupted (Ctrl-C).
`;
}
