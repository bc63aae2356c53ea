export type { ClaimedRun, ClusterListener, RunCluster } from './cluster.js';
export { StoreError } from './errors.js';
export { createInProcessCluster } from './in-process-cluster.js';
export { createMemoryLimits } from './limits/in-memory.js';
export type { LimitStore, TokenBucket } from './limits/limit-store.js';
export { createMemoryStore } from './memory-store.js';
// Not the Postgres folder itself: loading it needs `pg`, an optional package (`postgres-loader.ts`).
export { openPostgresCluster, openPostgresStore } from './postgres-loader.js';
export { createSqliteSourceCache } from './source-cache.js';
export { openSqliteStore } from './sqlite/sqlite-store.js';
export type {
  EventWrite,
  RunEvaluation,
  RunRecord,
  RunStore,
  RunUpdate,
  WriteFence,
} from './types.js';
