import type { RunStatus } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { RunCluster, RunRecord, RunStore } from '../store/index.js';
import type { EventHub } from './event-hub.js';
import type { Logger } from './logger.js';

/** What the parts of the run service (dispatch, control, reading) share. */
export interface RunContext {
  store: RunStore;
  /** The nodes runs execute on: this process alone, or the nodes sharing a Postgres database. */
  cluster: RunCluster;
  /** Where this node's followers of each run hear its events and its end. */
  hub: EventHub;
  logger: Logger;
  now: () => Date;
  /** Bookkeeping that goes on in the background (a failure is logged); `shutdown` waits for it. */
  bookkeeping: Bookkeeping;
}

/** Work started in the background and not awaited by whoever started it: logged if it fails. */
export class Bookkeeping {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  track(work: Promise<unknown>, failure = 'cluster bookkeeping failed'): void {
    const tracked = work.then(
      () => undefined,
      (error: unknown) => {
        this.logger.log('error', failure, { error: describeError(error) });
      },
    );
    this.pending.add(tracked);
    void tracked.then(() => this.pending.delete(tracked));
  }

  /** Resolves once every piece of work tracked so far has settled. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }
}

/** Logs a run's change of state. */
export function logState(
  context: Pick<RunContext, 'logger'>,
  runId: string,
  status: RunStatus,
  fields: Record<string, unknown> = {},
): void {
  context.logger.log('info', 'run state', { runId, status, ...fields });
}

/**
 * Stores a run that never started as cancelled (asked while `queued`, or found asked when a worker
 * `claimed` it) and tells every listener, here and on the other nodes, that it has ended.
 */
export async function endUnstarted(
  context: RunContext,
  runId: string,
  stage: 'queued' | 'claimed',
): Promise<RunRecord> {
  const updated = await context.store.updateRun(runId, {
    status: 'cancelled',
    endedAt: context.now().toISOString(),
  });
  logState(context, runId, 'cancelled', { while: stage });
  context.hub.end(runId);
  await context.cluster.announceEnd(runId);
  return updated;
}
