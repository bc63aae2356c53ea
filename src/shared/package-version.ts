import { readFileSync } from 'node:fs';

let cached: string | undefined;

/**
 * The version in the package's package.json (`src/` and `dist/` sit one folder below it): what
 * `--version` prints and what the MCP server announces over stdio and HTTP alike.
 */
export function packageVersion(): string {
  cached ??= (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return cached;
}
