export type { ClaimedRun, ClusterListener, RunCluster, TakeRequest } from './cluster.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export { createInProcessCluster } from './in-process-cluster.js';
export { createMemoryLimits } from './limits/in-memory.js';
export type { IdempotentOutcome, IdempotentRequest, LimitStore, TokenBucket } from './limits/limit-store.js';
export { createMemoryStore } from './memory-store.js';
export { type Migration, migrate, migrations } from './migrations.js';
export {
  CONTROL_CHANNEL,
  EVENTS_CHANNEL,
  openPostgresCluster,
  openPostgresStore,
  type PostgresClusterOptions,
  type PostgresMigration,
  type PostgresRunStore,
  type PostgresStoreOptions,
  postgresMigrations,
} from './postgres/index.js';
export { createSqliteSourceCache } from './source-cache.js';
export { openSqliteStore, type SqliteRunStore } from './sqlite/sqlite-store.js';
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
  WriteFence,
} from './types.js';
