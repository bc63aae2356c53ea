import type { RunStatus } from '../contract/index.js';
import { describeError } from '../errors.js';
import { checkInputAnswer } from '../research/on-demand.js';
import type { RunRecord } from '../store/index.js';
import { RunServiceError } from './errors.js';
import { InputWaits, inputState } from './input-waits.js';
import type { Logger } from './logger.js';
import { storedEnding } from './stored-ending.js';
import { appendAfter, endWaitingRun, type RunSnapshot, type WaitingRunOptions } from './waiting-run.js';

/** Sweeps for waiting runs within one wait at least this often, and at most this often, in milliseconds. */
const SWEEP_BOUNDS_MS = { min: 1000, max: 60_000 } as const;
/** Sweeps per `--input-wait`: a wait whose node stopped still ends within a quarter of it. */
const SWEEPS_PER_WAIT = 4;
/**
 * An answered run still `needs_input` this long after its answer was stored (milliseconds) was
 * left so by a node that stopped before queueing it; sooner, that node may be queueing it now.
 */
const ANSWER_GRACE_MS = 10_000;

export interface WaitingRunsOptions extends WaitingRunOptions {
  /** How long a run waits for input before it is cancelled (`input_timeout`), in milliseconds. */
  waitMs: number;
  logger: Logger;
  /** Puts an answered run (now `queued`) in line to continue: this node's queue, or the cluster's. */
  requeue: (record: RunRecord) => Promise<void>;
  /** Tells whoever follows the run (here, and on the other nodes) that it has ended. */
  ended: (runId: string) => void;
  logState: (runId: string, status: RunStatus, fields?: Record<string, unknown>) => void;
}

/**
 * The runs waiting for input (`needs_input`): answers them, cancels them, and ends those left
 * waiting past `waitMs` (stop reason `input_timeout`) with a timer per run. On its own it arms
 * the runs that pause here; `sweep()` arms every waiting run in the store, so that in a cluster a
 * wait still ends when the node the run paused on has stopped. Every change is one event stored
 * after the run's last: when several nodes change the same run at once, the store takes one.
 */
export class WaitingRuns {
  private readonly waits: InputWaits;
  /** Runs being answered or ended by this node now: one change at a time per run. */
  private readonly settling = new Set<string>();
  /** Event count of each run when its wait was armed here: a run that changed since is read again. */
  private readonly armedAt = new Map<string, number>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: WaitingRunsOptions) {
    this.waits = new InputWaits({
      waitMs: options.waitMs,
      now: options.now,
      expire: (id) => {
        this.end(id, 'input_timeout').catch((error: unknown) =>
          this.fault('ending a waiting run failed', id, error),
        );
      },
    });
  }

  /** When a run asked at `askedAt` is cancelled unanswered. */
  deadline(askedAt: string): Date {
    return this.waits.deadline(askedAt);
  }

  /** Whether this node is answering or ending the run right now. */
  isSettling(id: string): boolean {
    return this.settling.has(id);
  }

  /** A run has paused here: its wait starts counting from when it asked. */
  async paused(id: string): Promise<void> {
    const record = await this.options.store.getRun(id);
    if (record?.status !== 'needs_input') return;
    await this.arm({ record, events: await this.options.store.listEvents(id) });
  }

  /**
   * Answers a waiting run: checks `body` against its request (an `InputError` names the field at
   * fault), stores it as the run's `input-answer`, marks it `queued` and puts it in line.
   */
  async answer(record: RunRecord, body: unknown): Promise<RunRecord> {
    const id = record.id;
    if (this.settling.has(id)) throw alreadyGiven(id);
    this.settling.add(id);
    try {
      const snapshot = { record, events: await this.options.store.listEvents(id) };
      const { pending, answered } = inputState(snapshot.events);
      if (record.status !== 'needs_input' || !pending) throw answered ? alreadyGiven(id) : notWaiting(record);
      const answer = checkInputAnswer(pending.request, body);
      if (!(await appendAfter(this.options, snapshot, { type: 'input-answer', answer }))) {
        // Another node answered, cancelled or ended it first.
        const current = (await this.options.store.getRun(id)) ?? record;
        const { answered: given } = inputState(await this.options.store.listEvents(id));
        throw given ? alreadyGiven(id) : notWaiting(current);
      }
      this.forget(id);
      const updated = await this.options.store.updateRun(id, { status: 'queued' });
      this.options.logState(id, 'queued', { answered: answer.kind });
      await this.options.requeue(updated);
      return updated;
    } finally {
      this.settling.delete(id);
    }
  }

  /**
   * Ends a run still waiting for input: cancelled by the user, or its wait over (checked again
   * against its current request, which may be a later one than the timer was armed for).
   */
  async end(id: string, stopReason: 'input_timeout' | 'cancelled'): Promise<RunRecord | undefined> {
    this.forget(id);
    this.settling.add(id);
    try {
      const record = await this.options.store.getRun(id);
      if (record?.status !== 'needs_input') return record;
      const snapshot = { record, events: await this.options.store.listEvents(id) };
      const finished = await this.finishChange(snapshot);
      if (finished) return finished;
      const { pending } = inputState(snapshot.events);
      // Answered (its node is queueing it): nothing waits any more.
      if (!pending) return record;
      if (stopReason === 'input_timeout' && this.deadline(pending.askedAt) > this.options.now()) {
        await this.arm(snapshot);
        return record;
      }
      const ended = await endWaitingRun(this.options, snapshot, { stopReason, pending });
      if (!ended) return this.options.store.getRun(id);
      this.options.logState(id, 'cancelled', { stopReason });
      this.options.ended(id);
      return ended;
    } finally {
      this.settling.delete(id);
    }
  }

  /**
   * Arms a wait for every waiting run in the store not armed here since it last changed, and
   * finishes the changes a stopped node left half done.
   */
  async sweep(): Promise<void> {
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await this.options.store.listRuns({
        status: ['needs_input'],
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      for (const record of page.runs) {
        seen.add(record.id);
        if (this.settling.has(record.id) || this.armedAt.get(record.id) === record.eventCount) continue;
        await this.arm({ record, events: await this.options.store.listEvents(record.id) });
      }
      cursor = page.nextCursor;
    } while (cursor);
    for (const id of this.armedAt.keys()) if (!seen.has(id)) this.forget(id);
  }

  /** Sweeps every quarter of the wait (within `SWEEP_BOUNDS_MS`) until `stop()`; keeps no process alive. */
  startSweeping(): void {
    const every = this.options.waitMs / SWEEPS_PER_WAIT;
    const intervalMs = Math.min(SWEEP_BOUNDS_MS.max, Math.max(SWEEP_BOUNDS_MS.min, every));
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) => this.fault('looking for waiting runs failed', undefined, error));
    }, intervalMs);
    this.sweeper.unref?.();
  }

  /** Stops sweeping and clears every wait (the runs stay `needs_input` in the store). */
  stop(): void {
    clearInterval(this.sweeper);
    this.waits.clearAll();
    this.armedAt.clear();
  }

  private async arm(snapshot: RunSnapshot): Promise<void> {
    const { record } = snapshot;
    if (await this.finishChange(snapshot)) return;
    const { pending } = inputState(snapshot.events);
    if (!pending) return;
    this.armedAt.set(record.id, record.eventCount);
    this.waits.arm(record.id, pending.askedAt);
  }

  /**
   * A node that stored a waiting run's answer or end and stopped before storing its state leaves
   * it `needs_input`: the answered run is queued, the ended one gets the state its events say.
   */
  private async finishChange({ record, events }: RunSnapshot): Promise<RunRecord | undefined> {
    const ending = storedEnding(record, events);
    if (ending) {
      const updated = await this.options.store.updateRun(record.id, ending.update);
      this.options.logState(record.id, ending.update.status, { reason: 'its events already ended it' });
      this.options.ended(record.id);
      return updated;
    }
    const last = events.at(-1);
    if (last?.type !== 'input-answer') return undefined;
    if (this.options.now().getTime() - Date.parse(last.at) < ANSWER_GRACE_MS) return undefined;
    const updated = await this.options.store.updateRun(record.id, { status: 'queued' });
    this.options.logState(record.id, 'queued', { reason: 'answered before its node stopped' });
    await this.options.requeue(updated);
    return updated;
  }

  private forget(id: string): void {
    this.waits.clear(id);
    this.armedAt.delete(id);
  }

  private fault(message: string, runId: string | undefined, error: unknown): void {
    this.options.logger.log('error', message, { ...(runId ? { runId } : {}), error: describeError(error) });
  }
}

function alreadyGiven(id: string): RunServiceError {
  return new RunServiceError('input_already_given', `Run "${id}" already has the input it asked for.`, {
    runId: id,
  });
}

function notWaiting(record: RunRecord): RunServiceError {
  return new RunServiceError(
    'not_waiting',
    `Run "${record.id}" is ${record.status}; it is not waiting for input.`,
    { runId: record.id },
  );
}
