import type { SqliteDatabase } from '../database/index.js';
import { identifierKey } from '../tokenize/index.js';
import { moduleOf } from './module-copies.js';
import type { SymbolVocabulary } from './symbol-vocabulary.js';

/** A file a search learns names from, and how much it counts against the others. */
export interface NameSource {
  fileId: number;
  /** Its share of the first file's score (1 for the first). */
  weight: number;
}

/** A name some source uses and another file defines, and how strongly the sources point at it. */
export interface UsedName {
  name: string;
  /** Its key in the symbol table and the index (`canonicalurl` of `canonicalUrl`). */
  key: string;
  /** Σ of the weights of the sources that use it × ln(1 + files / files using it): specific names first. */
  score: number;
}

/**
 * A name is followed only when at most this many modules define it (copies of one module in
 * several build folders count once): a name defined in more says little about which one a use
 * means (the reference graph's `GENERIC_NAME_FILES` is the same idea).
 */
const MAX_DEFINING_MODULES = 2;

/**
 * The names `sources` call or write as types that another file defines outside function bodies
 * (a collaborator's function or class; not a method called on an object, which may be anyone's,
 * nor a plain identifier, mostly locals), most specific first: each scored by the summed weight
 * of the sources that use it times its inverse frequency among the files that use any name.
 * Names whose key is in `known` (the query's terms) are left out. At most `limit`.
 */
export function usedNames(options: {
  db: SqliteDatabase;
  vocabulary: SymbolVocabulary;
  /** Each file's module among copies in several build folders (see `loadModuleCopies`). */
  copies: ReadonlyMap<number, number>;
  sources: readonly NameSource[];
  known: ReadonlySet<string>;
  limit: number;
}): UsedName[] {
  const { db, vocabulary, copies, sources } = options;
  if (sources.length === 0 || options.limit <= 0) return [];
  const weightOf = new Map(sources.map((source) => [source.fileId, source.weight]));
  const rows = db
    .prepare(
      `SELECT DISTINCT file_id AS fileId, name FROM refs
       WHERE file_id IN (SELECT value FROM json_each(?)) AND member = 0 AND kind != 'reference'`,
    )
    .all(JSON.stringify([...weightOf.keys()])) as Array<{ fileId: number; name: string }>;
  const sourceModules = new Set(sources.map((source) => moduleOf(copies, source.fileId)));
  const pointed = new Map<string, number>();
  for (const row of rows)
    pointed.set(row.name, (pointed.get(row.name) ?? 0) + (weightOf.get(row.fileId) ?? 0));
  const definers = db.prepare(
    'SELECT DISTINCT file_id AS fileId FROM definitions WHERE name = ? AND local = 0',
  );
  const users = db.prepare('SELECT count(DISTINCT file_id) AS files FROM refs WHERE name = ?');
  const fileCount = (db.prepare('SELECT count(*) AS files FROM files').get() as { files: number }).files;
  const found: UsedName[] = [];
  for (const [name, weight] of pointed) {
    const key = identifierKey(name);
    if (!key || options.known.has(key) || !vocabulary.byKey.has(key)) continue;
    const defining = new Set(
      (definers.all(name) as Array<{ fileId: number }>).map((row) => moduleOf(copies, row.fileId)),
    );
    // A collaborator: defined in few modules, and not only in the code that uses it.
    if (defining.size > MAX_DEFINING_MODULES || [...defining].every((module) => sourceModules.has(module)))
      continue;
    const using = (users.get(name) as { files: number }).files;
    found.push({ name, key, score: weight * Math.log(1 + fileCount / Math.max(using, 1)) });
  }
  return found.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1)).slice(0, options.limit);
}
