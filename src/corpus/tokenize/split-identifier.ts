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
    // Piece by piece: a generated or hostile word of 600,000 letters splits into more pieces
    // than a spread's arguments can hold.
    for (const piece of run.match(CASE_PIECE) ?? []) parts.push(piece);
  }
  return parts;
}
