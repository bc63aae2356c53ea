export { emptyMetrics, emptyUsage } from './empty.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export { createMemoryStore } from './memory-store.js';
export { type Migration, migrate, migrations } from './migrations.js';
export { createSqliteSourceCache } from './source-cache.js';
export { openSqliteStore, type SqliteRunStore } from './sqlite-store.js';
export {
  FINAL_RUN_STATES,
  type ListRunsQuery,
  type NewRun,
  RUN_STATES,
  type RunEvaluation,
  type RunMetrics,
  type RunPage,
  type RunRecord,
  type RunSource,
  type RunState,
  type RunStore,
  type RunUpdate,
  type ToolMetrics,
} from './types.js';
