import type { SqliteDatabase } from '../database/index.js';

/**
 * A module's place whatever build folder holds it: its folder's name and its file name without
 * extensions (`ButtonBase/ButtonBase` of `legacy/ButtonBase/ButtonBase.js`, `operators/retry` of
 * `dist/esm/internal/operators/retry.js` and `src/internal/operators/retry.ts`). A file at the
 * root has none: one name says too little of which module it is.
 */
export function moduleTail(path: string): string | undefined {
  const segments = path.split('/');
  if (segments.length < 2) return undefined;
  const file = segments.at(-1) as string;
  // `retry.d.ts` and `retry.ts` are one module's name; so are `x.mjs`, `x.cjs` and `x.js`.
  const stem = file.replace(/\.[^.]*$/, '').replace(/\.d$/, '');
  return `${segments.at(-2)}/${stem}`;
}

/** A path without its file's extensions (`dist/types/index` of `dist/types/index.d.ts`), as `moduleTail` reads them. */
function modulePath(path: string): string {
  return path.replace(/\.[^./]*$/, '').replace(/\.d$/, '');
}

/**
 * The build roots of two copies of one module: their paths' folders before the part they share
 * (`dist/cjs` and `src` of `dist/cjs/internal/retry.js` and `src/internal/retry.ts`; `legacy` and
 * the package root of `legacy/Button/Button.js` and `Button/Button.js`), in a stable order.
 */
function buildRoots(pathA: string, pathB: string): [string, string] {
  const a = modulePath(pathA).split('/');
  const b = modulePath(pathB).split('/');
  while (a.length > 0 && b.length > 0 && a.at(-1) === b.at(-1)) {
    a.pop();
    b.pop();
  }
  const roots = [a.join('/'), b.join('/')].sort();
  return [roots[0] as string, roots[1] as string];
}

/** `path` under `root` (the package root is ''), or undefined when it is not there. */
function under(root: string, path: string): string | undefined {
  if (root === '') return path;
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
}

/** Build roots mirror each other when at least this many of their modules are copies by their names. */
const MIN_MIRRORED_COPIES = 2;

const isDeclaration = (path: string) => /\.d\.[^./]+$/.test(path);

/**
 * The files of one path under two mirrored roots that are one module: the one file of each; or,
 * where a root holds the path twice (`index.js` beside its `index.d.ts`), the one declaration file
 * of each and the one other file of each. A declaration file beside a module declares its types;
 * it is a copy only where its names say so.
 */
function placePairs(
  ids: readonly number[],
  mirrored: readonly number[],
  pathById: ReadonlyMap<number, string>,
): Array<[number, number]> {
  if (ids.length === 1 && mirrored.length === 1) return [[ids[0] as number, mirrored[0] as number]];
  const pairs: Array<[number, number]> = [];
  for (const declaration of [true, false]) {
    const here = ids.filter((id) => isDeclaration(pathById.get(id) ?? '') === declaration);
    const there = mirrored.filter((id) => isDeclaration(pathById.get(id) ?? '') === declaration);
    if (here.length === 1 && there.length === 1) pairs.push([here[0] as number, there[0] as number]);
  }
  return pairs;
}

/**
 * Joins the files of two build roots that mirror each other: the one file at the same path under
 * each, extensions aside (`dist/cjs/index.js`, `dist/esm/index.js` and `src/index.ts`). Two roots
 * mirror each other when most of the modules both hold, among those that define names, were found
 * to be copies by their names (and at least `MIN_MIRRORED_COPIES`): then a file whose names cannot
 * tell — a package's entry re-exports and defines nothing, a compiled entry defines its helpers —
 * is a copy by its place. The roots are learned from the copies, not from a list of folder names.
 * A declaration file beside its module (`retry.d.ts` beside `retry.ts`) is joined only to the
 * other root's declaration file (see `placePairs`).
 */
function joinMirrored(options: {
  db: SqliteDatabase;
  groups: ReturnType<typeof unionFind>;
  /** The paths of each pair of files found to be copies by their names. */
  copyPaths: ReadonlyArray<readonly [string, string]>;
  /** Files that define names outside functions. */
  definers: ReadonlySet<number>;
}): void {
  const { db, groups, definers } = options;
  // Each pair of roots with the copies found between them; only roots with enough are read further.
  const rootPairs = new Map<string, { roots: [string, string]; copies: number }>();
  for (const [pathA, pathB] of options.copyPaths) {
    const roots = buildRoots(pathA, pathB);
    const key = roots.join('\u0000');
    const known = rootPairs.get(key);
    if (known) known.copies += 1;
    else rootPairs.set(key, { roots, copies: 1 });
  }
  // A module and its declaration file beside it have one path: their folder is no build root.
  const candidates = [...rootPairs.values()].filter(
    (pair) => pair.copies >= MIN_MIRRORED_COPIES && pair.roots[0] !== pair.roots[1],
  );
  if (candidates.length === 0) return;
  const files = db.prepare('SELECT id, path FROM files').all() as Array<{ id: number; path: string }>;
  const byModulePath = new Map<string, number[]>();
  const pathById = new Map(files.map((file) => [file.id, file.path]));
  for (const file of files) {
    const key = modulePath(file.path);
    const ids = byModulePath.get(key);
    if (ids) ids.push(file.id);
    else byModulePath.set(key, [file.id]);
  }
  // Decided on the copies found by names alone, then joined: the order of the roots changes nothing.
  const mirroredPairs: Array<[number, number]> = [];
  for (const {
    roots: [rootA, rootB],
  } of candidates) {
    const pairs: Array<[number, number]> = [];
    let bothDefine = 0;
    let copies = 0;
    for (const [key, ids] of byModulePath) {
      const inner = under(rootA, key);
      if (inner === undefined || inner === '') continue;
      const mirrored = byModulePath.get(rootB === '' ? inner : `${rootB}/${inner}`);
      if (!mirrored || mirrored === ids) continue;
      for (const pair of placePairs(ids, mirrored, pathById)) pairs.push(pair);
      // Whether both roots' files of the path define names, and whether two of them are copies by them.
      let defineHere = false;
      let defineThere = false;
      let copied = false;
      for (const id of ids) {
        if (!definers.has(id)) continue;
        defineHere = true;
        const group = groups.find(id);
        for (const other of mirrored) {
          if (!definers.has(other)) continue;
          defineThere = true;
          if (groups.find(other) === group) copied = true;
        }
      }
      if (!defineHere || !defineThere) continue;
      bothDefine += 1;
      if (copied) copies += 1;
    }
    // One by one: a monorepo's mirrored trees pair more files than a spread can hold.
    if (copies >= MIN_MIRRORED_COPIES && copies * 2 > bothDefine)
      for (const pair of pairs) mirroredPairs.push(pair);
  }
  for (const [id, other] of mirroredPairs) groups.join(id, other);
}

/** Union-find over file ids: each file's group is its root's id. */
function unionFind() {
  const parent = new Map<number, number>();
  const find = (fileId: number): number => {
    const up = parent.get(fileId);
    if (up === undefined || up === fileId) return fileId;
    const root = find(up);
    parent.set(fileId, root);
    return root;
  };
  const join = (a: number, b: number) => {
    const [rootA, rootB] = [find(a), find(b)];
    if (rootA !== rootB) parent.set(Math.max(rootA, rootB), Math.min(rootA, rootB));
  };
  return { parent, find, join };
}

/**
 * Most builds of one module a package ships (sources, CommonJS, ES modules, ES5, types, legacy,
 * modern…): a name more files of one tail define is not read as a sign of copies.
 */
const MAX_COPIES = 16;

/** Whether two files' top-level names are one module's: more than half of the smaller set in both. */
function shareMostNames(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const name of small) if (large.has(name)) common += 1;
  return common * 2 > small.size;
}

/**
 * The files that are copies of one module in different build folders (a package's `esm/`, `cjs/`,
 * `legacy/`, `modern/` builds beside its sources): each file's group, the smallest id among its
 * copies; a file that is its own group (no copies, or the smallest) is absent. Detected by content,
 * not by folder names: two files are copies when they share a module tail (see `moduleTail`) and
 * more than half of the top-level names of the one that defines fewer (a compiled copy keeps the
 * functions and drops the types; a CommonJS build adds helpers of its own). A same-named file
 * of an unrelated folder, which defines other names, stays apart. Then the build roots those
 * copies mirror (`dist/cjs` and `src`) join the files their names cannot place, the package's
 * entry first (see `joinMirrored`).
 */
export function loadModuleCopies(db: SqliteDatabase): Map<number, number> {
  const rows = db
    .prepare(
      'SELECT DISTINCT d.file_id AS fileId, f.path, d.name FROM definitions d JOIN files f ON f.id = d.file_id WHERE d.local = 0',
    )
    .all() as Array<{ fileId: number; path: string; name: string }>;
  // Each tail's files, with the names each defines.
  const tails = new Map<string, Map<number, Set<string>>>();
  for (const row of rows) {
    const tail = moduleTail(row.path);
    if (tail === undefined) continue;
    const files = tails.get(tail) ?? new Map<number, Set<string>>();
    tails.set(tail, files);
    const names = files.get(row.fileId) ?? new Set<string>();
    files.set(row.fileId, names);
    names.add(row.name);
  }
  const groups = unionFind();
  const pathOf = new Map(rows.map((row) => [row.fileId, row.path]));
  const copyPaths: Array<[string, string]> = [];
  for (const files of tails.values()) {
    // Candidates share a name few files of the tail define: a name most of a monorepo's
    // `src/index.ts` files define says nothing of which are copies, and comparing every pair of
    // thousands of them would hold the thread for a second.
    const definersOf = new Map<string, number[]>();
    for (const [fileId, names] of files) {
      for (const name of names) {
        const definers = definersOf.get(name);
        if (definers) definers.push(fileId);
        else definersOf.set(name, [fileId]);
      }
    }
    const compared = new Set<string>();
    for (const definers of definersOf.values()) {
      if (definers.length > MAX_COPIES) continue;
      for (let at = 0; at < definers.length; at++) {
        for (let next = at + 1; next < definers.length; next++) {
          const [fileA, fileB] = [definers[at] as number, definers[next] as number];
          const pair = `${fileA} ${fileB}`;
          if (compared.has(pair)) continue;
          compared.add(pair);
          if (shareMostNames(files.get(fileA) as Set<string>, files.get(fileB) as Set<string>)) {
            groups.join(fileA, fileB);
            copyPaths.push([pathOf.get(fileA) as string, pathOf.get(fileB) as string]);
          }
        }
      }
    }
  }
  joinMirrored({ db, groups, copyPaths, definers: new Set(pathOf.keys()) });
  const copies = new Map<number, number>();
  for (const fileId of groups.parent.keys()) copies.set(fileId, groups.find(fileId));
  return copies;
}

/** A file's module: the group of its copies (see `loadModuleCopies`), or the file itself. */
export function moduleOf(copies: ReadonlyMap<number, number>, fileId: number): number {
  return copies.get(fileId) ?? fileId;
}
