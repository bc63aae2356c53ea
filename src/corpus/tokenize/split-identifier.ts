/**
 * Pieces of one separator-free run: `HTTPServer` → HTTP, Server; `parseURL2` → parse, URL2; an
 * acronym's plural stays whole (`URLs`, `IDs`).
 */
const CASE_PIECE =
  /\p{Lu}{2,}s(?!\p{Ll})|\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+\p{N}*|\p{Lu}+\p{N}*|\p{N}+|[\p{Lo}\p{Lt}\p{Lm}\p{M}]+/gu;

/**
 * Splits an identifier at snake_case, kebab-case, `$` and camelCase/PascalCase boundaries, keeping
 * digits with the letters before them (`utf8`, `sha256`). `getHTTPResponse_code` → get, HTTP,
 * Response, code. The pieces keep their case.
 */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  for (const run of identifier.split(/[_$-]+/)) {
    if (run) parts.push(...(run.match(CASE_PIECE) ?? []));
  }
  return parts;
}
