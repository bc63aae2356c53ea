export type { ClusterListener, QueuedRunJob, RunClaim, RunCluster } from './cluster.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export { createMemoryLimits } from './limits/in-memory.js';
export type { IdempotentOutcome, IdempotentRequest, LimitStore, TokenBucket } from './limits/limit-store.js';
export { createMemoryStore } from './memory-store.js';
export { type Migration, migrate, migrations } from './migrations.js';
// Types only from the Postgres folder: loading it needs `pg`, an optional package (`postgres-loader.ts`).
export type {
  PostgresClusterOptions,
  PostgresMigration,
  PostgresRunStore,
  PostgresStoreOptions,
} from './postgres/index.js';
export { openPostgresCluster, openPostgresStore } from './postgres-loader.js';
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
  WriteFence,
} from './types.js';
