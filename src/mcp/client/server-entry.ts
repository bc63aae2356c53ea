import { basename, extname } from 'node:path';
import parseArgsStringToArgv from 'string-argv';
import { z } from 'zod';
import { configError, expectedOf, valueAt } from '../../config/index.js';
import { ConfigError, type ConfigOrigin } from '../../errors.js';

const serverName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,62}$/,
    'a name of lower-case letters, digits and "-" (it is the host of the server\'s mcp:// URLs), e.g. "wiki"',
  );

/** One MCP server to connect to over stdio, as the config file's `mcp` entries and `--mcp` give it. */
export const mcpServerEntrySchema = z
  .object({
    name: serverName.describe('Short name; its results are cited as mcp://<name>/<tool>?… URLs.'),
    command: z
      .string()
      .min(1, 'a program to start, e.g. "npx" or "node"')
      .describe('Program to start, e.g. "npx" or "node".'),
    args: z.array(z.string()).default([]).describe('Its arguments.'),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Environment of the server besides HOME, PATH, SHELL, TERM, USER, LOGNAME (e.g. its API key).',
      ),
    cwd: z.string().min(1).optional().describe('Working directory of the server.'),
    searchTool: z
      .string()
      .min(1)
      .optional()
      .describe('Tool used for search (default: detected by its parameters).'),
    readTool: z
      .string()
      .min(1)
      .optional()
      .describe('Tool used to read a result (default: detected by its name and parameters).'),
  })
  .strict();

/** A validated MCP server entry. */
export type McpServerEntry = z.output<typeof mcpServerEntrySchema>;

/** Name from the command: the last argument that is not a flag, without folders and extension. */
function nameFromCommand(words: readonly string[]): string {
  const last = [...words].reverse().find((word) => !word.startsWith('-')) ?? 'mcp';
  const stem = basename(last, extname(last)).toLowerCase();
  const cleaned = stem
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
  return cleaned || 'mcp';
}

/** Fields of a config file entry, in the order the error for an unknown one lists them. */
const ENTRY_FIELDS = Object.keys(mcpServerEntrySchema.shape);

/**
 * One `"command args"` string (quotes group words, like a shell, without expansion), with an
 * optional `name=` prefix (`"wiki=node wiki-server.js"`); otherwise the name comes from the
 * command, made unique with a `-2`, `-3` suffix.
 */
function parseCommandLine(
  value: string,
  used: Set<string>,
  details: ConfigOrigin & { key: string },
): McpServerEntry {
  const named = /^([a-z0-9][a-z0-9-]*)=(.+)$/s.exec(value.trim());
  const words = parseArgsStringToArgv(named?.[2] ?? value);
  const [command, ...args] = words;
  if (!command) {
    throw configError({
      ...details,
      expected: '"COMMAND ARGS" naming a command, e.g. "npx -y some-mcp-server"',
      received: value,
    });
  }
  const base = named?.[1] ?? nameFromCommand(words);
  let name = base;
  for (let suffix = 2; used.has(name); suffix += 1) name = `${base}-${suffix}`;
  used.add(name);
  return { name, command, args };
}

/** One config file entry, checked by its schema; the error's key is `mcp.<index>.<field>`. */
function parseEntryObject(value: unknown, details: ConfigOrigin & { key: string }): McpServerEntry {
  const parsed = mcpServerEntrySchema.safeParse(value, { error: expectedOf });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  if (issue?.code === 'unrecognized_keys') {
    throw configError({
      ...details,
      problem: 'unknown_option',
      key: [details.key, ...path, issue.keys[0] ?? ''].join('.'),
      known: ENTRY_FIELDS,
    });
  }
  throw configError({
    ...details,
    key: [details.key, ...path].join('.'),
    expected:
      path.length === 0 ? 'an entry { "name", "command", "args"?, "env"? }' : (issue?.message ?? 'valid'),
    received: valueAt(value, path),
  });
}

/**
 * The MCP servers of the `mcp` option: `"command args"` strings (`--mcp`, or strings in a config
 * file) and config file entries `{ name, command, args, env, … }`. Errors are `ConfigError`s whose
 * key names the entry and field (`mcp.0.command`) and whose origin is `origin` (the flag or file).
 * Entries keep their names, which must differ; strings are named after their command.
 */
export function parseMcpEntries(values: readonly unknown[], origin: ConfigOrigin = {}): McpServerEntry[] {
  const used = new Set<string>();
  const entries = values.map((value, index) => {
    if (typeof value === 'string') return undefined;
    const entry = parseEntryObject(value, { ...origin, key: `mcp.${index}` });
    if (used.has(entry.name)) {
      throw new ConfigError(
        `Two mcp entries${origin.file ? ` in ${origin.file}` : ''} are named "${entry.name}" (the second is mcp.${index}); names must differ.`,
        { ...origin, key: `mcp.${index}.name` },
      );
    }
    used.add(entry.name);
    return entry;
  });
  return values.map(
    (value, index) =>
      entries[index] ?? parseCommandLine(String(value), used, { ...origin, key: `mcp.${index}` }),
  );
}
