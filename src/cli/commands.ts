import type { FieldGroup, LoadedConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { packageVersion } from '../shared/index.js';

/** What the CLI runs with: the process's streams, environment and cancellation. */
export interface CliIo {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  signal: AbortSignal;
  /**
   * Where `deepresearch mcp` reads the protocol, and where `--clarify` / `--review-plan` read the
   * person's answers on a terminal (default: process.stdin).
   */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** One subcommand: its help, the option groups it takes, and how it runs (heavy modules lazily). */
export interface CliCommand {
  name: string;
  /** Arguments as help shows them after `deepresearch`. */
  usage: string;
  summary: string;
  /** Whose flags it takes (see the field table in config/). */
  groups: readonly FieldGroup[];
  /** More forms of the command, shown under its usage in its help (`eval score …`). */
  moreUsage?: readonly string[];
  /** A flag that means something else for this command: its placeholder and help, by flag. */
  flagHelp?: Readonly<Record<string, { value: string; help: string }>>;
  /** Runs with validated options; resolves with the exit code. */
  run(loaded: LoadedConfig, io: CliIo): Promise<number>;
}

const ask: CliCommand = {
  name: 'ask',
  usage: '"question" [options]',
  summary: 'research a question (same as: deepresearch ask "question")',
  groups: ['research', 'mcp', 'output', 'database', 'general'],
  async run(loaded, io) {
    const question = loaded.positionals.join(' ').trim();
    if (!question) throw new ConfigError('No question given. Usage: deepresearch "your question" [options].');
    const { runAskCommand } = await import('./ask-command.js');
    const mcpServers = await mcpEntriesOf(loaded);
    return runAskCommand({
      question,
      config: loaded.research,
      ...(mcpServers.length > 0 ? { mcpServers } : {}),
      json: loaded.output.json,
      quiet: loaded.output.quiet,
      ...(loaded.output.out ? { out: loaded.output.out } : {}),
      withArchive: loaded.output.withArchive,
      db: loaded.serve.db,
      cwd: io.cwd,
      env: io.env,
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
      stdin: io.stdin,
    });
  },
};

const read: CliCommand = {
  name: 'read',
  usage: 'read <url|file>... [options]',
  summary: 'print the main content of pages, PDFs and files',
  groups: ['read', 'general'],
  async run(loaded, io) {
    if (loaded.positionals.length === 0)
      throw new ConfigError('deepresearch read needs at least one URL or file.');
    const { runReadCommand } = await import('./read-command.js');
    return runReadCommand({
      inputs: loaded.positionals,
      format: loaded.read.format,
      allowHosts: loaded.research.allowHosts,
      ...(loaded.research.browser ? { browser: loaded.research.browser } : {}),
      concurrency: loaded.read.concurrency,
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  },
};

const serve: CliCommand = {
  name: 'serve',
  usage: 'serve [options]',
  summary: 'sessions API, OpenAI-compatible endpoint and web UI',
  groups: ['research', 'serve', 'general'],
  async run(loaded, io) {
    const [extra] = loaded.positionals;
    if (extra !== undefined) throw new ConfigError(`deepresearch serve takes no arguments, got "${extra}".`);
    const { runServeCommand } = await import('./serve-command.js');
    return runServeCommand({
      config: loaded.research,
      serve: loaded.serve,
      env: io.env,
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
    });
  },
};

/** The corpus options `index` and `search` share. */
function corpusOptions(loaded: LoadedConfig, io: CliIo) {
  const { embedModel, embedBaseURL } = loaded.research;
  const { maxFileSize } = loaded.corpus;
  return {
    ...(loaded.corpus.index ? { indexPath: loaded.corpus.index } : {}),
    ...(loaded.corpus.secretFiles ? { secretFiles: loaded.corpus.secretFiles } : {}),
    ...(maxFileSize ? { maxFileBytes: maxFileSize * 1024 * 1024 } : {}),
    ...(embedModel ? { embedModel } : {}),
    ...(embedBaseURL ? { embedBaseURL } : {}),
    cwd: io.cwd,
    env: io.env,
    stdout: io.stdout,
    stderr: io.stderr,
    signal: io.signal,
  };
}

const index: CliCommand = {
  name: 'index',
  usage: 'index <folder> [options]',
  summary: 'index a folder of documents or code for corpus research',
  groups: ['corpus', 'general'],
  async run(loaded, io) {
    const [folder, ...extra] = loaded.positionals;
    if (folder === undefined || extra.length > 0)
      throw new ConfigError(
        'Usage: deepresearch index <folder> [--index FILE] [--embed-model ID] [--max-file-size MB].',
      );
    const { runIndexCommand } = await import('./index-command.js');
    return runIndexCommand({ ...corpusOptions(loaded, io), folder });
  },
};

const search: CliCommand = {
  name: 'search',
  usage: 'search "query" --corpus <folder> [options]',
  summary: 'search an indexed folder (indexing it first when needed)',
  groups: ['corpus', 'output', 'general'],
  async run(loaded, io) {
    const query = loaded.positionals.join(' ').trim();
    const folders = loaded.research.corpus;
    if (folders.length !== 1 || (!query && !loaded.corpus.queries)) {
      throw new ConfigError(
        'Usage: deepresearch search "query" --corpus <folder> (one folder; or --queries FILE instead of the query).',
      );
    }
    const { runSearchCommand } = await import('./search-command.js');
    return runSearchCommand({
      ...corpusOptions(loaded, io),
      folder: folders[0] as string,
      query,
      ...(loaded.corpus.queries ? { queriesFile: loaded.corpus.queries } : {}),
      mode: loaded.corpus.mode,
      limit: loaded.corpus.limit,
      json: loaded.output.json,
    });
  },
};

const evaluate: CliCommand = {
  name: 'eval',
  usage: 'eval <dataset> [options]',
  summary:
    'research every question of a benchmark set and score the answers (also: eval score, eval compare)',
  groups: ['research', 'eval', 'output', 'general'],
  moreUsage: [
    'eval score --dataset FILE --predictions FILE.jsonl [--json]',
    'eval compare FOLDER_A FOLDER_B [--json] [--seed N]',
  ],
  flagHelp: {
    out: {
      value: 'FOLDER',
      help: "The results folder (default ./eval-<dataset name>): each question's result, the scores and the report; --resume finishes the run in it.",
    },
  },
  async run(loaded, io) {
    const { runEvalCli } = await import('./eval-cli.js');
    return runEvalCli({ ...io, loaded });
  },
};

/**
 * The MCP servers of `--mcp` (strings) or the config file's `mcp` (entries); the MCP module, and
 * its SDK, load only when there is one.
 */
async function mcpEntriesOf(loaded: LoadedConfig) {
  const values = loaded.mcp.mcp;
  if (values.length === 0) return [];
  const { parseMcpEntries } = await import('../mcp/index.js');
  return parseMcpEntries(values, loaded.origins.mcp);
}

const mcp: CliCommand = {
  name: 'mcp',
  usage: 'mcp [options]',
  summary: 'serve the research, read, search and corpus tools over MCP (stdio)',
  groups: ['research', 'mcp', 'mcp-server', 'general'],
  async run(loaded, io) {
    const [extra] = loaded.positionals;
    if (extra !== undefined) throw new ConfigError(`deepresearch mcp takes no arguments, got "${extra}".`);
    const mcpServers = await mcpEntriesOf(loaded);
    const { runMcpCommand } = await import('./mcp-command.js');
    return runMcpCommand({
      config: loaded.research,
      mcpServers,
      allowFiles: loaded.mcp.allowFiles,
      quiet: loaded.output.quiet,
      version: packageVersion(),
      cwd: io.cwd,
      env: io.env,
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
    });
  },
};

const memory: CliCommand = {
  name: 'memory',
  usage: 'memory list | show ID | forget ID | forget --all [options]',
  summary: 'list, show and forget what finished runs left for later runs (in --db)',
  groups: ['database', 'memory', 'output', 'general'],
  async run(loaded, io) {
    if (loaded.output.out) throw new ConfigError('deepresearch memory prints on stdout; it takes no --out.');
    const { runMemoryCommand } = await import('./memory-command.js');
    return runMemoryCommand({
      words: loaded.positionals,
      all: loaded.serve.forgetAll,
      json: loaded.output.json,
      db: loaded.serve.db,
      cwd: io.cwd,
      env: io.env,
      stdout: io.stdout,
    });
  },
};

const verify: CliCommand = {
  name: 'verify',
  usage: 'verify <result.json | run id> [--live] [--warc FILE] [--db PATH] [options]',
  summary: "re-check a run's cited quotes against its archive and, with --live, the pages as they are now",
  groups: ['verify', 'database', 'general'],
  async run(loaded, io) {
    const [target, ...extra] = loaded.positionals;
    if (target === undefined || extra.length > 0)
      throw new ConfigError(
        'Usage: deepresearch verify <result.json | run id> [--live] [--warc FILE] [--db PATH] [--json].',
      );
    const { runVerifyCommand } = await import('./verify-command.js');
    return runVerifyCommand({
      target,
      live: loaded.output.live,
      ...(loaded.output.warc ? { warc: loaded.output.warc } : {}),
      json: loaded.output.json,
      allowHosts: loaded.research.allowHosts,
      db: loaded.serve.db,
      env: io.env,
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  },
};

/** Every subcommand; the first is run when the first argument names none. */
export const commands: readonly CliCommand[] = [
  ask,
  read,
  serve,
  index,
  search,
  evaluate,
  mcp,
  memory,
  verify,
];
