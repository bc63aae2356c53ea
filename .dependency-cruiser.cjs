/**
 * The layering of src/ and web/src, checked by `npm run lint:deps` (part of `npm run check`).
 * The floors come from floors.json, the one list the Layout tables of docs/how-it-works.md repeat
 * (test/readme-floors.test.ts holds them together): a room imports its own floor and the floors
 * below, never above, and no two rooms import each other, directly or round a circle. A large
 * module (research/) has floors of its own, listed under `inside` and checked the same way, and its
 * folders tie into no circle either. Another module is entered through its index.ts; contract/ (the
 * shared vocabulary, imported file by file) and testing/ (each fake on its own) are the exceptions.
 * Shipped code imports only runtime dependencies. Test files (and type tests, `*.test-d.ts`) are
 * not cruised: they may reach into what they test.
 */
const { floors, inside } = require('./floors.json');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `contract/` matches the folder, `errors.ts` the one file. */
const roomPattern = (room) => (room.endsWith('/') ? escape(room) : `${escape(room)}$`);
const bare = (room) => room.replace(/\/$/, '').replace(/\.ts$/, '');

/**
 * One rule per floor but the top: its rooms never import a room of a floor above. `base` is the
 * folder the rooms stand in (`src/`, or a module's folder for the floors inside it), `prefix` starts
 * each rule's name (`floor-0-contract`, `research-floor-0-text-…`).
 */
function floorRules({ base, floorsOf, prefix, where }) {
  const roomsPattern = (rooms) => `^${escape(base)}(${rooms.map(roomPattern).join('|')})`;
  return floorsOf.slice(0, -1).map((rooms, index) => ({
    name: `${prefix}floor-${index}-${rooms.map(bare).join('-')}`,
    severity: 'error',
    comment: `Floor ${index}${where} (${rooms.join(', ')}) imports its own floor and the floors below, never one above.`,
    from: { path: roomsPattern(rooms) },
    to: { path: roomsPattern(floorsOf.slice(index + 1).flat()) },
  }));
}

const moduleFloorRules = floorRules({ base: 'src/', floorsOf: floors, prefix: '', where: '' });
const insideFloorRules = Object.entries(inside).flatMap(([module, floorsOf]) =>
  floorRules({ base: `src/${module}`, floorsOf, prefix: `${bare(module)}-`, where: ` of ${module}` }),
);

/** Shipped code: src/ without the vitest helpers, which the build leaves out. */
const shipped = { path: '^src/', pathNot: '^src/testing/vitest/' };

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
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Two modules (folders of src/) that import each other, directly or round a circle, are one module in two places; move what both need down a floor.',
      scope: 'folder',
      from: { path: '^src/[^/]+$' },
      to: { path: '^src/[^/]+$', circular: true },
    },
    {
      name: 'no-research-folder-cycles',
      severity: 'error',
      comment:
        'Two folders of src/research that import each other, directly or round a circle, are one topic cut in two; move what both need down a floor.',
      scope: 'folder',
      from: { path: '^src/research/[^/]+$' },
      to: { path: '^src/research/[^/]+$', circular: true },
    },
    ...moduleFloorRules,
    ...insideFloorRules,
    {
      name: 'runs-knows-no-http-or-sqlite',
      severity: 'error',
      comment:
        'src/runs knows nothing of HTTP or SQLite (it talks to the RunStore contract): the same service runs behind the server or in a worker.',
      from: { path: '^src/runs/' },
      to: { path: '^node_modules/(hono|@hono/|better-sqlite3/)' },
    },
    {
      name: 'only-through-index',
      severity: 'error',
      comment:
        "A file outside src/X/ imports src/X/index.ts, never a file behind it; export what others need from the index. contract/ files and testing/'s fakes may be imported one by one; research/on-demand.ts is research's second door, what a server uses before its first run without loading the engine, and config/schemas.ts config's, the zod schemas its index leaves out.",
      from: { path: '^(src/([^/]+)/|src/[^/]+\\.ts$|web/src/)' },
      to: {
        path: '^src/[^/]+/',
        pathNot: ['^src/$2/', '^src/[^/]+/index\\.ts$', '^src/(contract|testing)/', '^src/research/on-demand\\.ts$', '^src/config/schemas\\.ts$'],
      },
    },
    {
      name: 'production-never-imports-testing',
      severity: 'error',
      comment: 'Test doubles live in src/testing; production code must not depend on them.',
      from: { path: '^src/', pathNot: '^src/testing/' },
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
      name: 'shipped-never-imports-dev-dependencies',
      severity: 'error',
      comment:
        'The package installs without devDependencies: a shipped file that imports one dies with ERR_MODULE_NOT_FOUND (or, for a type, breaks the consumer\'s type-check). Make it a dependency or keep it out of src/.',
      from: shipped,
      // An optional peer is also a devDependency (for the tests); it is checked by the next rules.
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['npm-peer'] },
    },
    {
      name: 'optional-packages-load-on-demand',
      severity: 'error',
      comment:
        'The optional peers (pdfkit, fontkit, docx, playwright-core, pg) are left out of a lean install: a shipped file takes their types, or loads them with import() through loadOptionalPackage, which names the install command. Only src/store/postgres/ imports pg statically, and that folder is itself loaded on demand.',
      from: { path: shipped.path, pathNot: [shipped.pathNot, '^src/store/postgres/'] },
      to: { dependencyTypes: ['npm-peer'], dependencyTypesNot: ['type-only', 'type-import'], dynamic: false },
    },
    {
      name: 'postgres-loads-on-demand',
      severity: 'error',
      comment: 'src/store/postgres/ needs pg, an optional package: outside it, only import() (postgres-loader.ts) or types.',
      from: { path: '^src/', pathNot: ['^src/store/postgres/', '^src/testing/vitest/'] },
      to: { path: '^src/store/postgres/', dependencyTypesNot: ['type-only', 'type-import'], dynamic: false },
    },
    {
      name: 'shipped-imports-declared-dependencies',
      severity: 'error',
      comment: 'A package found only because another one brought it along can vanish with that one; declare it.',
      from: shipped,
      // An optional peer is declared (peerDependencies); the cruiser also calls it npm-no-pkg.
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown', 'unknown'], dependencyTypesNot: ['npm-peer'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(web/)?dist/|\\.test(-d)?\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      // Resolve packages through their exports maps as Node does, so subpaths (hono/streaming) are found.
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
    },
    // Folder-level dependencies (for no-module-cycles) are derived with the metrics.
    metrics: true,
  },
};
