import type { SqliteDatabase } from '../database/index.js';
import { isEntryFile } from '../roles/index.js';
import { fileNameParts } from '../tokenize/index.js';
import type { FileRole } from '../types.js';
import { type CollectionStats, collectionStats } from './lexical.js';
import { loadModuleCopies } from './module-copies.js';
import type { FileFacts } from './priors.js';
import { loadVocabulary, type SymbolVocabulary } from './symbol-vocabulary.js';

/** What ranking reads of the whole index, once per version of it (an update makes a new one). */
export interface RankingContext {
  stats: CollectionStats;
  vocabulary: SymbolVocabulary;
  files: ReadonlyMap<number, FileFacts>;
  /** Copies of one module in several build folders, each file's group (see `loadModuleCopies`). */
  copies: ReadonlyMap<number, number>;
}

export function loadRankingContext(db: SqliteDatabase): RankingContext {
  const rows = db.prepare('SELECT id, path, role, centrality FROM files').all() as Array<{
    id: number;
    path: string;
    role: FileRole;
    centrality: number;
  }>;
  const files = new Map(
    rows.map((row) => [
      row.id,
      {
        role: row.role,
        entry: isEntryFile(row.path),
        centrality: row.centrality,
        nameParts: fileNameParts(row.path),
      },
    ]),
  );
  return { stats: collectionStats(db), vocabulary: loadVocabulary(db), files, copies: loadModuleCopies(db) };
}
