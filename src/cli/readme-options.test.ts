import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ConfigField, configFields } from '../config/index.js';
import { defaultText } from './help.js';

/** The README's row for a field, rendered from the table the way help renders it. */
function readmeRow(field: ConfigField): string {
  const fallback = defaultText(field);
  const help =
    fallback === undefined ? field.help : `${field.help.replace(/\.$/, '')} (default: ${fallback}).`;
  const key = field.inFile === false ? '' : `\`${field.key}\``;
  const env = field.env ? `\`${field.env}\`` : '';
  return `| \`--${field.flag}${field.value ? ` ${field.value}` : ''}\` | ${key} | ${env} | ${help} |`;
}

describe('README options', () => {
  it('lists every research, serve and read option exactly as the field table says', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const documented = configFields.filter((field) => field.inFile !== false);
    for (const field of documented) expect(readme, field.flag).toContain(readmeRow(field));
  });
});
