import { basename, extname } from 'node:path';
import parseArgsStringToArgv from 'string-argv';
import { z } from 'zod';
import { configErrorFromZod } from '../../config/index.js';
import { ConfigError } from '../../errors.js';

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
    command: z.string().min(1, 'the command is empty').describe('Program to start, e.g. "npx" or "node".'),
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

/**
 * Parses `--mcp "command args"` values (quotes group words, like a shell, without expansion). An
 * optional `name=` prefix names the server (`--mcp "wiki=node wiki-server.js"`); otherwise the name
 * comes from the command. Names are made unique with a `-2`, `-3` suffix.
 */
export function parseMcpFlags(values: readonly string[], taken: readonly string[] = []): McpServerEntry[] {
  const used = new Set(taken);
  return values.map((value) => {
    const named = /^([a-z0-9][a-z0-9-]*)=(.+)$/s.exec(value.trim());
    const words = parseArgsStringToArgv(named?.[2] ?? value);
    const [command, ...args] = words;
    if (!command) {
      throw new ConfigError(
        `Invalid value for --mcp: "${value}" names no command. Use --mcp "command args", e.g. --mcp "npx -y some-mcp-server".`,
        { key: 'mcp' },
      );
    }
    const base = named?.[1] ?? nameFromCommand(words);
    let name = base;
    for (let suffix = 2; used.has(name); suffix += 1) name = `${base}-${suffix}`;
    used.add(name);
    return { name, command, args };
  });
}

/** Validates the config file's `mcp` value: a list of entries; the error names the entry and field. */
export function parseMcpEntries(value: unknown, origin: string): McpServerEntry[] {
  const parsed = z.array(mcpServerEntrySchema).safeParse(value);
  if (!parsed.success) {
    const error = configErrorFromZod(parsed.error, value);
    const key = `mcp.${error.key ?? ''}`.replace(/\.$/, '');
    throw new ConfigError(
      `Invalid ${key} in ${origin}: ${error.message} Each entry is { "name": "wiki", "command": "node", "args": ["server.js"], "env"?: {…}, "searchTool"?: "…", "readTool"?: "…" }.`,
      { key },
    );
  }
  const names = new Set<string>();
  for (const entry of parsed.data) {
    if (names.has(entry.name))
      throw new ConfigError(`Two mcp entries in ${origin} are named "${entry.name}"; names must differ.`, {
        key: 'mcp',
      });
    names.add(entry.name);
  }
  return parsed.data;
}
