export { StoreError, type StoreErrorCode } from './errors.js';
export { createMemoryStore } from './memory-store.js';
export { type Migration, migrate, migrations } from './migrations.js';
export {
  EVENTS_CHANNEL,
  openPostgresStore,
  type PostgresMigration,
  type PostgresRunStore,
  type PostgresStoreOptions,
  postgresMigrations,
} from './postgres/index.js';
export { createSqliteSourceCache } from './source-cache.js';
export { openSqliteStore, type SqliteRunStore } from './sqlite-store.js';
export type {
  ListRunsQuery,
  MemoryQuery,
  MemoryStore,
  NewRun,
  RunEvaluation,
  RunPage,
  RunRecord,
  RunSource,
  RunStore,
  RunUpdate,
} from './types.js';
