import { loadOptionalPackage } from '../../shared/index.js';
import type { QueuedRunJob } from '../cluster.js';

/** The pg-boss queue that hands runs to workers. */
const QUEUE = 'deepresearch-runs';
/**
 * A job is held only between a worker taking it and claiming its run (milliseconds); a worker that
 * dies in between lets it expire, and pg-boss hands it out again at its next maintenance. Short,
 * since the run waits that long: a second hand-out of a job claimed meanwhile is a no-op.
 */
const JOB_EXPIRE_SECONDS = 10;
/** How often one node of the cluster runs pg-boss's maintenance (which hands expired jobs out again). */
const MAINTENANCE_SECONDS = 5;
/** Times an expired job is handed out again before pg-boss gives up on it. */
const JOB_RETRY_LIMIT = 10;

/** The queue of runs waiting for a worker, on pg-boss. */
export interface RunJobQueue {
  send(runId: string): Promise<void>;
  take(limit: number): Promise<QueuedRunJob[]>;
  complete(jobIds: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

/** Starts pg-boss in `schema` (created and migrated by pg-boss itself, under its own lock). */
export async function openRunJobQueue(options: {
  url: string;
  schema: string;
  /** Runs `work` while no other node does the same: nodes starting at once would deadlock creating the queue. */
  alone: (work: () => Promise<void>) => Promise<void>;
}): Promise<RunJobQueue> {
  // Loaded only by nodes of a cluster: a single server never needs it.
  const { default: PgBoss } = await loadOptionalPackage({
    feature: 'A Postgres database (--db postgres://…)',
    packages: ['pg-boss'],
    load: () => import('pg-boss'),
  });
  const boss = new PgBoss({
    connectionString: options.url,
    schema: options.schema,
    max: 3,
    // Expired jobs are handed out again by pg-boss's maintenance, which one node runs at a time.
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  const policy = { retryLimit: JOB_RETRY_LIMIT, expireInSeconds: JOB_EXPIRE_SECONDS };
  // Errors of pg-boss's background work (a dropped connection) are retried by pg-boss itself.
  boss.on('error', () => undefined);
  await options.alone(async () => {
    await boss.start();
    const queue = await boss.getQueue(QUEUE);
    if (!queue) await boss.createQueue(QUEUE, { name: QUEUE, ...policy });
    // A queue made by an earlier version keeps its policy until told: jobs sent from now on follow this one.
    else if (queue.expireInSeconds !== policy.expireInSeconds || queue.retryLimit !== policy.retryLimit)
      await boss.updateQueue(QUEUE, { name: QUEUE, ...policy });
  });
  return {
    async send(runId) {
      await boss.send(QUEUE, { runId });
    },
    async take(limit) {
      if (limit <= 0) return [];
      const jobs = await boss.fetch<{ runId: string }>(QUEUE, { batchSize: limit });
      return jobs.map((job) => ({ runId: job.data.runId, jobId: job.id }));
    },
    async complete(jobIds) {
      if (jobIds.length > 0) await boss.complete(QUEUE, [...jobIds]);
    },
    async stop() {
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
