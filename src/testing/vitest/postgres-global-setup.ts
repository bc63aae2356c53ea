/**
 * Vitest global setup (of the root config, so of both projects): one Postgres cluster for the whole
 * run, started the first time a test file asks for it, in which each file makes a database of its own
 * (`openTestDatabase`). Nine files used to start a cluster each (`initdb` and a server: about 4 s at
 * load 4, far more on a busy machine); a run of files that need no Postgres starts none.
 *
 * Test files run in worker processes and reach this one through a tiny HTTP endpoint on 127.0.0.1
 * whose address is handed to them with `provide`: a request starts the cluster (once) and answers its
 * connection URL, or why there is none, so the files skip with that reason as before.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Address of the endpoint that answers the run's Postgres cluster (`openTestDatabase`). */
    postgresBroker?: string;
  }
}

/**
 * Connections the shared cluster accepts: end-to-end files running at once each start several nodes
 * with a pool of their own, past Postgres's default of 100.
 */
const MAX_CONNECTIONS = 500;

/** What the endpoint answers: the cluster's URL, or why there is no cluster. */
export type BrokerAnswer = { url: string } | { skipped: string };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: Promise<PostgresCluster | { skipped: string }> | undefined;
  const server = createServer((_request, response) => {
    cluster ??= startPostgresCluster({ maxConnections: MAX_CONNECTIONS });
    cluster.then(
      (started) => {
        const answer: BrokerAnswer = 'url' in started ? { url: started.url } : started;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      },
      (error: unknown) => {
        const answer: BrokerAnswer = { skipped: `the Postgres cluster failed to start: ${String(error)}` };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('postgresBroker', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    // A cluster that failed to start was already reported: every file that asked skipped with why.
    const started = await cluster?.catch(() => undefined);
    if (started && 'url' in started) await started.stop();
  };
}
