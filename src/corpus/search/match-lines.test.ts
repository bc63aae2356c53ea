import { describe, expect, it } from 'vitest';
import { matchLines } from './match-lines.js';

const passage = [
  "import { createServer } from 'node:http';",
  "import { startServer } from './server.js';",
  '',
  'export function serve(port: number) {',
  '  const server = createServer();',
  '  server.listen(port);',
  '}',
].join('\n');

describe('matchLines', () => {
  it('lists the lines holding a query term and shows the rare-term lines first', () => {
    const matched = matchLines({ text: passage, startLine: 500, query: 'createServer' });
    expect(matched.matchLines).toEqual([500, 501, 504, 505]);
    expect(matched.bestLine).toBe(500);
    expect(matched.snippet).toBe(
      "500: import { createServer } from 'node:http';\n504: const server = createServer();",
    );
  });

  it('shows the first lines with text when no line matches (a semantic hit)', () => {
    const matched = matchLines({ text: `\n${passage}`, startLine: 10, query: 'zebra' });
    expect(matched.matchLines).toEqual([]);
    expect(matched.bestLine).toBeUndefined();
    expect(matched.snippet.split('\n')).toEqual([
      "11: import { createServer } from 'node:http';",
      "12: import { startServer } from './server.js';",
      '14: export function serve(port: number) {',
    ]);
  });
});
