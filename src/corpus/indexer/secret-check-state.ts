import { readMeta, type SqliteDatabase, writeMeta } from '../database/open-database.js';
import { SECRET_CONTENT_VERSION } from '../walk/index.js';

const KEY = 'secret_content_check';

/**
 * Whether files the index holds unchanged may still hold key material: the index was last decided
 * with secret files indexed, or before the content checks of this version. Never when secret files
 * are indexed now.
 */
export function secretsNeedRecheck(db: SqliteDatabase, indexSecrets: boolean): boolean {
  return !indexSecrets && readMeta(db, KEY) !== SECRET_CONTENT_VERSION;
}

/** Records that every file of the index was decided by this version's checks (or none, secrets indexed). */
export function markSecretsChecked(db: SqliteDatabase, indexSecrets: boolean): void {
  writeMeta(db, KEY, indexSecrets ? 'none' : SECRET_CONTENT_VERSION);
}
