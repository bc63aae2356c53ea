import type { FieldRow } from '../field.js';

/** MCP servers a run also searches and reads through, and what `deepresearch mcp` may read. */
export const mcpFields: readonly FieldRow[] = [
  {
    key: 'mcp',
    groups: ['mcp'],
    flag: 'mcp',
    kind: 'list',
    commaSeparated: false,
    value: '"COMMAND ARGS"',
    help: 'Also search and read through this MCP server\'s tools (repeatable; "name=COMMAND ARGS" names it).',
  },
  {
    key: 'allowFiles',
    groups: ['mcp-server'],
    flag: 'allow-file',
    kind: 'list',
    value: 'PATH',
    help: 'deepresearch mcp: let the read tool read this file or folder (repeatable).',
    quick: 'text',
  },
];
