import type { SqliteDatabase } from '../database/index.js';
import { identifierKey, splitIdentifier, tokenize } from '../tokenize/index.js';

/** A name the corpus defines (outside function bodies), under its key. */
export interface VocabularyEntry {
  /** The names as written that share the key (`parseUrl`, `parse_url`). */
  names: string[];
  /** Files that define one of them. */
  files: number;
  /** Stemmed parts of a name of two parts or more (`readRepositoryMap` → read, repositori, map); else empty. */
  parts: string[];
}

/** The corpus's symbol table by key (see `identifierKey`), the source of query expansion. */
export interface SymbolVocabulary {
  byKey: ReadonlyMap<string, VocabularyEntry>;
  /** Keys of the names of two parts or more. */
  compounds: readonly string[];
}

/** Reads the names the corpus defines outside function bodies, once per index version. */
export function loadVocabulary(db: SqliteDatabase): SymbolVocabulary {
  const rows = db
    .prepare('SELECT name, count(DISTINCT file_id) AS files FROM definitions WHERE local = 0 GROUP BY name')
    .all() as Array<{ name: string; files: number }>;
  const byKey = new Map<string, VocabularyEntry>();
  for (const row of rows) {
    const key = identifierKey(row.name);
    if (!key) continue;
    const known = byKey.get(key);
    if (known) {
      known.names.push(row.name);
      known.files += row.files;
      continue;
    }
    // tokenize gives a compound's whole key first, then its stemmed parts.
    const parts = splitIdentifier(row.name).length > 1 ? tokenize(row.name).slice(1) : [];
    byKey.set(key, { names: [row.name], files: row.files, parts });
  }
  const compounds = [...byKey].filter(([, entry]) => entry.parts.length > 1).map(([key]) => key);
  return { byKey, compounds };
}
