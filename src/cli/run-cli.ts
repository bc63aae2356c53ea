import { readFileSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError } from '../errors.js';
import { helpText } from './help.js';
import { type FlagValues, loadResearchConfig } from './load-config.js';
import { researchFlags } from './options.js';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

const researchOptionSpec: OptionSpec = Object.fromEntries(
  researchFlags.map((entry) => [
    entry.flag,
    entry.kind === 'boolean' ? { type: 'boolean' } : { type: 'string', multiple: entry.kind === 'list' },
  ]),
);

const commonSpec: OptionSpec = {
  config: { type: 'string' },
  verbose: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
};

const commandSpecs: Record<string, OptionSpec> = {
  ask: {
    ...researchOptionSpec,
    ...commonSpec,
    json: { type: 'boolean' },
    out: { type: 'string', short: 'o' },
    mcp: { type: 'string', multiple: true },
  },
  mcp: {
    ...researchOptionSpec,
    ...commonSpec,
    mcp: { type: 'string', multiple: true },
    'allow-file': { type: 'string', multiple: true },
  },
  read: {
    ...commonSpec,
    format: { type: 'string' },
    'allow-host': { type: 'string', multiple: true },
    concurrency: { type: 'string' },
  },
  serve: {
    ...researchOptionSpec,
    ...commonSpec,
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    'auth-token': { type: 'string', multiple: true },
    'auth-token-file': { type: 'string' },
    'max-concurrent-runs': { type: 'string' },
    'cors-origin': { type: 'string', multiple: true },
    'allowed-model': { type: 'string', multiple: true },
  },
};

export interface CliIo {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  signal: AbortSignal;
  /** Where `deepresearch mcp` reads the protocol (default: process.stdin). */
  stdin?: NodeJS.ReadableStream;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function parse(command: string, args: string[]): { values: FlagValues; positionals: string[] } {
  try {
    const parsed = parseArgs({ args, options: commandSpecs[command], allowPositionals: true, strict: true });
    return { values: parsed.values as FlagValues, positionals: parsed.positionals };
  } catch (error) {
    // node:util's messages span lines and some end with a period: one sentence-terminated line.
    const message = ((error as Error).message.split('. To specify a positional')[0] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .join(' ')
      .replace(/([^.?])$/, '$1.');
    throw new ConfigError(`${message} Run "deepresearch --help" for the options of "${command}".`);
  }
}

function positiveInteger(
  value: string | undefined,
  flag: string,
  fallback: number,
  range: { min?: number; max?: number } = {},
): number {
  if (value === undefined) return fallback;
  const { min = 1, max } = range;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || (max !== undefined && Number(value) > max)) {
    const expected = max === undefined ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(
      `Invalid value for --${flag}: expected a whole number ${expected}, got "${value}".`,
    );
  }
  return Number(value);
}

/** Runs the CLI and resolves with the exit code; never calls process.exit itself. */
export async function runCli(io: CliIo): Promise<number> {
  const [first, ...rest] = io.argv;
  const command = first === 'read' || first === 'serve' || first === 'ask' || first === 'mcp' ? first : 'ask';
  const args = command === 'ask' && first !== 'ask' ? io.argv : rest;
  const { values, positionals } = parse(command, args);
  if (values.version) {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  if (values.help || (command === 'ask' && io.argv.length === 0)) {
    io.stdout.write(helpText(version()));
    return 0;
  }

  if (command === 'read') {
    const format = (values.format as string | undefined) ?? 'markdown';
    if (!['markdown', 'text', 'json'].includes(format)) {
      throw new ConfigError(`Invalid value for --format: "${format}". Use markdown, text or json.`);
    }
    if (positionals.length === 0) throw new ConfigError('deepresearch read needs at least one URL or file.');
    const { runReadCommand } = await import('./read-command.js');
    return runReadCommand({
      inputs: positionals,
      format: format as 'markdown' | 'text' | 'json',
      allowHosts: (values['allow-host'] as string[] | undefined) ?? [],
      concurrency: positiveInteger(values.concurrency as string | undefined, 'concurrency', 8),
      stdout: io.stdout,
      stderr: io.stderr,
    });
  }

  const config = await loadResearchConfig({
    flags: values,
    env: io.env,
    cwd: io.cwd,
    configPath: values.config as string | undefined,
  });

  const mcpServers =
    command === 'ask' || command === 'mcp'
      ? await (await import('./mcp-command.js')).loadMcpEntries({
          flags: (values.mcp as string[] | undefined) ?? [],
          cwd: io.cwd,
          configPath: values.config as string | undefined,
        })
      : [];

  if (command === 'mcp') {
    if (positionals.length > 0)
      throw new ConfigError(`deepresearch mcp takes no arguments, got "${positionals[0]}".`);
    const { runMcpCommand } = await import('./mcp-command.js');
    return runMcpCommand({
      config,
      mcpServers,
      allowFiles: (values['allow-file'] as string[] | undefined) ?? [],
      quiet: Boolean(values.quiet),
      version: version(),
      cwd: io.cwd,
      env: io.env,
      ...(io.stdin ? { stdin: io.stdin } : {}),
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
    });
  }

  if (command === 'serve') {
    if (positionals.length > 0)
      throw new ConfigError(`deepresearch serve takes no arguments, got "${positionals[0]}".`);
    const { runServeCommand } = await import('./serve-command.js');
    return runServeCommand({
      config,
      port: positiveInteger(values.port as string | undefined, 'port', 8080, { min: 0, max: 65_535 }),
      host: values.host as string | undefined,
      db: values.db as string | undefined,
      authTokens: (values['auth-token'] as string[] | undefined) ?? [],
      authTokenFile: values['auth-token-file'] as string | undefined,
      maxConcurrentRuns: positiveInteger(
        values['max-concurrent-runs'] as string | undefined,
        'max-concurrent-runs',
        4,
      ),
      corsOrigins: values['cors-origin'] as string[] | undefined,
      allowedModels: values['allowed-model'] as string[] | undefined,
      env: io.env,
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
    });
  }

  const question = positionals.join(' ').trim();
  if (!question) throw new ConfigError('No question given. Usage: deepresearch "your question" [options].');
  const { runAskCommand } = await import('./ask-command.js');
  return runAskCommand({
    question,
    config,
    json: Boolean(values.json),
    quiet: Boolean(values.quiet),
    out: values.out as string | undefined,
    mcpServers,
    cwd: io.cwd,
    env: io.env,
    stdout: io.stdout,
    stderr: io.stderr,
    signal: io.signal,
  });
}
