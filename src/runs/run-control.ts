import type { RunDetail } from '../contract/index.js';
import type { RunRecord } from '../store/index.js';
import { RunServiceError } from './errors.js';
import { inputState } from './input-waits.js';
import { endUnstarted, logState, type RunContext } from './run-context.js';
import type { RunDispatch } from './run-dispatch.js';
import { WaitingRuns } from './waiting-runs.js';

/** What control needs of the rest of the service. */
export interface ControlOptions {
  dispatch: RunDispatch;
  /** How long a run waits for input before it is cancelled (`input_timeout`), in milliseconds. */
  inputWaitMs: number;
  /** Whether the run is queued or running, on any node. */
  isLive: (id: string) => Promise<boolean>;
  /** Resolves with the run's record once it has ended. */
  waitForEnd: (id: string) => Promise<RunRecord>;
}

/**
 * Control of runs that exist: cancel (wherever the run is), resume an interrupted run, answer or
 * time out a run waiting for input, remove a run. The same on a single server and in a cluster.
 */
export class RunControl {
  readonly waiting: WaitingRuns;

  constructor(
    private readonly context: RunContext,
    private readonly options: ControlOptions,
  ) {
    this.waiting = new WaitingRuns({
      store: context.store,
      now: context.now,
      publish: (event) => context.hub.publish(event),
      waitMs: options.inputWaitMs,
      logger: context.logger,
      requeue: (record) => options.dispatch.requeue(record),
      ended: (id) => {
        context.hub.end(id);
        context.bookkeeping.track(context.cluster.announceEnd(id));
      },
      logState: (id, status, fields) => logState(context, id, status, fields),
    });
  }

  /** A run as `GET /api/runs/:id` shows it; while it waits for input, what it waits for and until when. */
  async withInput(detail: RunDetail): Promise<RunDetail> {
    if (detail.status !== 'needs_input') return detail;
    const { pending } = inputState(await this.context.store.listEvents(detail.id));
    if (!pending) return detail;
    return {
      ...detail,
      input: pending.request,
      inputDeadline: this.waiting.deadline(pending.askedAt).toISOString(),
    };
  }

  /** See `RunManager.answer`. */
  async answer(record: RunRecord, body: unknown): Promise<RunRecord> {
    this.options.dispatch.assertAccepting();
    return this.waiting.answer(record, body);
  }

  /** Queues an interrupted run again; it continues from the knowledge in its stored events. */
  async resume(record: RunRecord): Promise<RunRecord> {
    this.options.dispatch.assertAccepting();
    if (record.status !== 'interrupted') {
      throw new RunServiceError(
        'not_resumable',
        `Run "${record.id}" is ${record.status}; only an interrupted run can resume.`,
        { runId: record.id },
      );
    }
    const updated = await this.context.store.updateRun(record.id, { status: 'queued' });
    logState(this.context, record.id, 'queued', { resumed: true });
    await this.options.dispatch.requeue(updated);
    return updated;
  }

  /**
   * Cancels a waiting or queued run at once (no worker holds it yet), or asks the worker that holds
   * a running one to stop it (it ends `cancelled`). `run_ended` when it has ended.
   */
  async cancel(record: RunRecord): Promise<RunRecord> {
    const { store, cluster } = this.context;
    const id = record.id;
    if (record.status === 'needs_input' && !this.waiting.isSettling(id)) {
      return (await this.waiting.end(id, 'cancelled')) ?? record;
    }
    if (await cluster.cancelQueued(id)) return endUnstarted(this.context, id, 'queued');
    const current = await store.getRun(id);
    if (current?.status !== 'queued' && current?.status !== 'running') {
      throw new RunServiceError('run_ended', `Run "${id}" has already ended (${current?.status}).`, {
        runId: id,
      });
    }
    await cluster.requestCancel(id);
    return current;
  }

  /** Removes a run and its events; one still going is cancelled and removed once it has ended. */
  async remove(record: RunRecord): Promise<void> {
    const id = record.id;
    // The run may execute on another node: cancelled there, it is deleted once it has ended.
    if (await this.options.isLive(id)) {
      await this.cancel(record).catch((error: unknown) => {
        if (!(error instanceof RunServiceError && error.code === 'run_ended')) throw error;
      });
      await this.options.waitForEnd(id);
    }
    await this.context.store.deleteRun(id);
  }
}
