import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ConfigField } from '../config/index.js';
import { configFields } from '../config/schemas.js';
import { defaultText } from './help.js';

/** The docs' row for a field, rendered from the table the way help renders it. */
function documentedRow(field: ConfigField): string {
  const fallback = defaultText(field);
  const help =
    fallback === undefined ? field.help : `${field.help.replace(/\.$/, '')} (default: ${fallback}).`;
  const key = field.inFile === false ? '' : `\`${field.key}\``;
  const env = field.env ? `\`${field.env}\`` : '';
  return `| \`--${field.flag}${field.value ? ` ${field.value}` : ''}\` | ${key} | ${env} | ${help} |`;
}

/** Every docs page: the option tables live in docs/command-line.md, corpus.md and mcp.md. */
function docs(): string {
  const folder = new URL('../../docs/', import.meta.url);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(new URL(name, folder), 'utf8'))
    .join('\n');
}

describe('the options tables of docs/', () => {
  it('list every option exactly as the field table says', () => {
    const pages = docs();
    const documented = configFields.filter((field) => field.inFile !== false);
    for (const field of documented) expect(pages, field.flag).toContain(documentedRow(field));
  });
});
