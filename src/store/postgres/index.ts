export { CONTROL_CHANNEL, openPostgresCluster, type PostgresClusterOptions } from './cluster.js';
export { type PostgresMigration, postgresMigrations } from './migrations.js';
export {
  EVENTS_CHANNEL,
  openPostgresStore,
  type PostgresRunStore,
  type PostgresStoreOptions,
} from './postgres-store.js';
