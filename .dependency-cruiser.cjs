/**
 * The layering of src/ and web/src, checked by `npm run lint:deps` (part of `npm run check`).
 * Floors, bottom up: contract · shared, errors · config · llm, search, reader, corpus · research, store ·
 * runs · eval, mcp · server · cli. A file may import its own floor and the floors below, never above;
 * testing/ holds every fake and no production file imports it (the demo command does, on purpose).
 */
const floor = (name, path) => ({ name, path });
const production = '^src/(?!testing/)(?!.*\\.test\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle between files ties them into one unit; break it by moving what both need down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'src/contract is the ground floor: the shared vocabulary imports nothing of ours.',
      from: { path: '^src/contract/' },
      to: { path: '^(src|web)/', pathNot: '^src/contract/' },
    },
    {
      name: 'production-never-imports-testing',
      severity: 'error',
      comment: 'Test doubles live in src/testing; production code must not depend on them.',
      from: { path: production, pathNot: '^src/cli/demo' },
      to: { path: '^src/testing/' },
    },
    {
      name: 'web-imports-only-the-contract',
      severity: 'error',
      comment: 'The browser bundle may take the shared vocabulary (and the shared markdown renderer), never the engine or the server.',
      from: { path: '^web/src/' },
      to: { path: '^src/', pathNot: '^src/(contract|markdown)/' },
    },
    {
      name: 'ground-floor-stays-down',
      severity: 'error',
      from: { path: '^src/(shared/|errors\\.ts)' },
      to: { path: '^src/(?!contract/|shared/|errors\\.ts)' },
    },
    {
      name: 'config-below-capabilities',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/(llm|search|reader|corpus|research|store|eval|mcp|server|cli|testing)/' },
    },
    {
      name: 'capabilities-below-the-engine',
      severity: 'error',
      comment: 'reader, search, llm and corpus are tools the engine uses; they never reach up into it.',
      from: { path: '^src/(llm|search|reader|corpus)/' },
      to: { path: '^src/(research|store|eval|mcp|server|cli)/' },
    },
    {
      name: 'engine-below-the-surfaces',
      severity: 'error',
      from: { path: '^src/(research|store)/' },
      to: { path: '^src/(eval|mcp|server|cli)/' },
    },
    {
      name: 'run-service-above-the-engine',
      severity: 'error',
      comment: 'src/runs (the run service) stands on the engine and the store; nothing below it reaches up into it.',
      from: { path: '^src/(shared/|errors\\.ts|config/|llm/|search/|reader/|corpus/|research/|store/)' },
      to: { path: '^src/runs/' },
    },
    {
      name: 'run-service-below-the-surfaces',
      severity: 'error',
      comment:
        'src/runs knows nothing of HTTP, eval, MCP or SQLite (it talks to the RunStore contract): the same service runs behind the server or in a worker.',
      from: { path: '^src/runs/' },
      to: { path: '^(src/(eval|mcp|server|cli)/|node_modules/(hono|@hono/|better-sqlite3/))' },
    },
    {
      name: 'services-below-the-cli',
      severity: 'error',
      from: { path: '^src/(eval|mcp|server)/' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
