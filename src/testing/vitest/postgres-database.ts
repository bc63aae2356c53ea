import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { startPostgresCluster } from './postgres-cluster.js';
import type { BrokerAnswer } from './postgres-global-setup.js';

/** A database of its own for one test file, in the run's shared Postgres cluster. */
export interface TestDatabase {
  /** Connection URL of the database. */
  url: string;
  /** Drops the database, ending any session still connected to it (a server a failed test left). */
  stop(): Promise<void>;
}

/** The run's cluster, from the global setup's endpoint; a cluster of this file's own outside it. */
async function clusterUrl(): Promise<BrokerAnswer & { stop?: () => Promise<void> }> {
  const broker = inject('postgresBroker');
  if (broker) return (await (await fetch(broker)).json()) as BrokerAnswer;
  // Run under another config (without the global setup): the file starts and stops a cluster itself.
  return startPostgresCluster();
}

/** The URL of database `name` of the cluster whose `postgres` database `url` names. */
function databaseUrl(url: string, name: string): string {
  if (!url.endsWith('/postgres')) throw new Error(`not the URL of a cluster's postgres database: ${url}`);
  return `${url.slice(0, -'postgres'.length)}${name}`;
}

async function asAdmin(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database (`t_<random>`) in the run's one Postgres cluster (`postgres-global-setup.ts`), so
 * files share the cluster's start but nothing else; or why there is none (no Postgres installed),
 * for the file to skip with that reason.
 */
export async function openTestDatabase(): Promise<TestDatabase | { skipped: string }> {
  const cluster = await clusterUrl();
  if ('skipped' in cluster) return cluster;
  const name = `t_${randomBytes(8).toString('hex')}`;
  await asAdmin(cluster.url, `CREATE DATABASE ${name}`);
  return {
    url: databaseUrl(cluster.url, name),
    async stop() {
      await asAdmin(cluster.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cluster.stop?.();
    },
  };
}
