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
 * functions and drops the types; a CommonJS build adds its imports as names). A same-named file
 * of an unrelated folder, which defines other names, stays apart.
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
          }
        }
      }
    }
  }
  const copies = new Map<number, number>();
  for (const fileId of groups.parent.keys()) copies.set(fileId, groups.find(fileId));
  return copies;
}

/** A file's module: the group of its copies (see `loadModuleCopies`), or the file itself. */
export function moduleOf(copies: ReadonlyMap<number, number>, fileId: number): number {
  return copies.get(fileId) ?? fileId;
}
