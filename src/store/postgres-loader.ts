import { loadOptionalPackage } from '../shared/index.js';

/** The Postgres folder's exports, as types: importing it for real needs `pg`. */
type Postgres = typeof import('./postgres/index.js');

/**
 * The Postgres store and cluster, loaded when a database URL asks for them: `pg` is an optional
 * package, so a lean install without it runs on SQLite and names the install command only when
 * `--db postgres://…` is given.
 */
function loadPostgres(): Promise<Postgres> {
  return loadOptionalPackage({
    feature: 'A Postgres database (--db postgres://…)',
    packages: ['pg'],
    load: () => import('./postgres/index.js'),
  });
}

/** Opens the Postgres run store (see `postgres/postgres-store.ts`), loading `pg` on first use. */
export async function openPostgresStore(
  ...options: Parameters<Postgres['openPostgresStore']>
): ReturnType<Postgres['openPostgresStore']> {
  return (await loadPostgres()).openPostgresStore(...options);
}

/** Joins the Postgres cluster (see `postgres/cluster.ts`), loading `pg` on first use. */
export async function openPostgresCluster(
  ...options: Parameters<Postgres['openPostgresCluster']>
): ReturnType<Postgres['openPostgresCluster']> {
  return (await loadPostgres()).openPostgresCluster(...options);
}
