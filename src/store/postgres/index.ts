export { type PostgresMigration, postgresMigrations } from './migrations.js';
export {
  EVENTS_CHANNEL,
  openPostgresStore,
  type PostgresRunStore,
  type PostgresStoreOptions,
} from './postgres-store.js';
