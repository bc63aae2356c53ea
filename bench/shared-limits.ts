/**
 * What keeping the request limits in Postgres costs a request: the same in-process app (auth on,
 * `GET /api/runs` on an empty memory run store) with its rate limit, wrong-token throttle and
 * proven pairs in memory, then in a throwaway Postgres; and how many tokens two nodes taking at
 * once from one bucket get (must be its capacity).
 *
 *   npx tsx bench/shared-limits.ts [--requests 2000] [--concurrency 16]
 *
 * Prints requests/s and latency p50/p99 for each, sequential and `--concurrency` at once. Needs
 * Postgres's server programs (initdb, postgres).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type LimitStore, openPostgresStore } from '../src/store/index.js';
import { makeTestApp } from '../src/testing/server-test-app.js';
import { startPostgresCluster } from '../src/testing/vitest/postgres-cluster.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '16' } },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const TOKEN = 'bench-token-0123456789';

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;

/** Sends `requests` authenticated requests, `parallel` at a time; requests/s and latencies. */
async function measure(limits: LimitStore | undefined, parallel: number): Promise<string> {
  const { app } = makeTestApp({
    authTokens: [TOKEN],
    requestsPerMinute: 1_000_000,
    ...(limits ? { limits } : {}),
  });
  const latencies: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < requests) {
        next += 1;
        const start = performance.now();
        const response = await app.request('/api/runs', { headers: { authorization: `Bearer ${TOKEN}` } });
        if (response.status !== 200) throw new Error(`status ${response.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return `${Math.round(requests / seconds)} requests/s, p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms`;
}

const cluster = await startPostgresCluster();
if (!('url' in cluster)) throw new Error(`No Postgres: ${cluster.skipped}`);
try {
  const [first, second] = await Promise.all([
    openPostgresStore({ url: cluster.url, schema: 'bench' }),
    openPostgresStore({ url: cluster.url, schema: 'bench' }),
  ]);
  for (const parallel of [1, concurrency]) {
    console.log(`memory,   ${parallel} at a time: ${await measure(undefined, parallel)}`);
    console.log(`postgres, ${parallel} at a time: ${await measure(first.limits, parallel)}`);
  }
  const bucket = { scope: 'bench', key: 'race', capacity: 100, perMinute: 1 };
  const waits = await Promise.all(
    Array.from({ length: 1000 }, (_, index) => (index % 2 === 0 ? first : second).limits.take(bucket)),
  );
  console.log(
    `two nodes, 1,000 takes at once from a bucket of 100: ${waits.filter((wait) => wait === 0).length} taken`,
  );
  await Promise.all([first.close(), second.close()]);
} finally {
  await cluster.stop();
}
