import { loadOptionalPackage } from '../shared/index.js';
import type { RunCluster } from './cluster.js';
import type { PostgresClusterOptions, PostgresRunStore, PostgresStoreOptions } from './postgres/index.js';

/**
 * The Postgres store and cluster, loaded when a database URL asks for them: `pg` and `pg-boss` are
 * optional packages, so a lean install without them runs on SQLite and names the install command
 * only when `--db postgres://…` is given.
 */
function loadPostgres() {
  return loadOptionalPackage({
    feature: 'A Postgres database (--db postgres://…)',
    packages: ['pg', 'pg-boss'],
    load: () => import('./postgres/index.js'),
  });
}

/** Opens the Postgres run store (see `postgres/postgres-store.ts`), loading `pg` on first use. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresRunStore> {
  return (await loadPostgres()).openPostgresStore(options);
}

/** Joins the Postgres cluster (see `postgres/cluster.ts`), loading `pg` and `pg-boss` on first use. */
export async function openPostgresCluster(options: PostgresClusterOptions): Promise<RunCluster> {
  return (await loadPostgres()).openPostgresCluster(options);
}
