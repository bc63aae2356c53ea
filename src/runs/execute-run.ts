import type { ResearchConfig } from '../config/index.js';
import type { ResearchEvent, ResearchResult, RunStatus } from '../contract/index.js';
import { emptyFigures, foldRunEvents } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { CapabilityOverrides } from '../research/index.js';
import { type RunStore, StoreError, type WriteFence } from '../store/index.js';
import { type ActiveRun, cutOffToResume } from './active-run.js';
import type { EventBatcher } from './event-batcher.js';
import { createEventWriter } from './event-writer.js';
import type { Logger } from './logger.js';
import { redactSecrets } from './redaction.js';
import { type MemoryScope, memoriesFor, rememberRun } from './run-memory.js';
import type { Runner } from './runner.js';
import { storedEnding } from './stored-ending.js';

export interface ExecuteRunOptions {
  id: string;
  options: ResearchConfig;
  /** Continue from the run's stored events (an interrupted run). */
  resume: boolean;
  /** Whose memories the run may draw on. */
  memoryScope: MemoryScope;
  run: ActiveRun;
  store: RunStore;
  /** Stores the events of every run this node executes, one transaction per tick. */
  events: EventBatcher;
  runner: Runner;
  logger: Logger;
  now: () => Date;
  /** Called with each event once it is stored. */
  publish: (event: ResearchEvent) => void;
  /** Called on each state change, for the log. */
  logState: (status: RunStatus, fields?: Record<string, unknown>) => void;
  secrets: readonly string[];
  /** Capabilities every run gets (the shared source cache, the registered corpora, fakes in tests). */
  capabilities?: CapabilityOverrides;
  /** Told once a run that paused for input (`needs_input`) is stored as waiting. */
  onPaused?: () => void;
  /** In a cluster: every write is made only while this node holds the run. */
  fence?: WriteFence;
  /** The claim this node took the run with: added to `fence`, so a stale copy's writes are refused. */
  claim?: number;
}

const notHeld = (error: unknown) => error instanceof StoreError && error.code === 'run_not_held';

/**
 * Runs one run to its end: marks it running, has each event stored before it is published (see
 * `createEventWriter`), and stores the final state, result, usage and metrics. An engine that
 * throws ends `failed` with a `run-error` event; a run stopped by shutdown ends `interrupted`.
 */
export async function executeRun(given: ExecuteRunOptions): Promise<void> {
  // Every write of this copy of the run carries its claim: once the run is taken again (this node
  // was presumed dead), the store refuses them, and this copy stops without a word in the run.
  const options = given.fence ? { ...given, fence: { ...given.fence, claim: given.claim } } : given;
  const { store, id, run, now } = options;
  const previous = options.resume ? await store.listEvents(id) : [];
  if (options.resume) run.figures = foldRunEvents(previous);
  if (options.resume && (await endedBefore(options, previous))) return;
  let refused: unknown;
  const started = await store
    .updateRun(
      id,
      { status: 'running', ...(options.resume ? {} : { startedAt: now().toISOString() }) },
      options.fence,
    )
    .catch((error: unknown) => {
      if (!notHeld(error)) throw error;
      refused = error;
      return undefined;
    });
  if (!started) {
    stopLost(options, refused);
    return;
  }
  const record = started;
  options.logState('running');

  const writer = createEventWriter({
    runId: id,
    run,
    store,
    events: options.events,
    firstIndex: record.eventCount,
    secrets: options.secrets,
    publish: options.publish,
    logger: options.logger,
    now,
    fence: options.fence,
  });

  let result: ResearchResult | undefined;
  let failure: { code: string; message: string } | undefined;
  try {
    const memories = await memoriesFor(store, options.memoryScope, options.options);
    result = await options.runner(
      { ...options.options, question: record.question },
      {
        ...options.capabilities,
        // The run serves a client: a model setup problem is the operator's to fix, not a flag to pass.
        fixedBy: 'operator',
        runId: id,
        signal: run.controller.signal,
        onEvent: writer.onEvent,
        onScreenshot: writer.onScreenshot,
        onArchive: writer.onArchive,
        ...(options.resume ? { resumeFrom: previous } : {}),
        ...(memories.length > 0 ? { memories } : {}),
      },
    );
  } catch (error) {
    failure = describeError(error);
  }
  await writer.settle();
  // Another node took the run over (this one was presumed dead): it writes the rest, not this one.
  if (notHeld(writer.failure) || run.stopCause === 'lost') {
    stopLost(options, writer.failure ?? run.controller.signal.reason);
    return;
  }
  if (!failure && writer.failure) failure = { code: 'store_failed', message: 'Events could not be stored.' };
  // An engine that throws as shutdown stops it, or whose thread stopped, has not failed: the run is
  // interrupted, to resume from its stored events.
  const cutOff = cutOffToResume(run);
  if (failure && !cutOff) {
    writer.onEvent({ type: 'run-error', ...failure, runId: id, index: 0, at: now().toISOString(), step: 0 });
    await writer.settle();
  }
  const status: RunStatus = cutOff ? 'interrupted' : failure ? 'failed' : (result?.status ?? 'failed');
  if (status === 'needs_input') {
    // Paused for a person: it has not ended, keeps no result and holds no slot while it waits.
    const paused = { status, metrics: run.figures.metrics, usage: run.figures.usage };
    if (await lostTheRun(options, store.updateRun(id, paused, options.fence))) return;
    options.logState(status, { waitingFor: result?.input?.kind });
    options.onPaused?.();
    return;
  }
  const endedAt = now().toISOString();
  const final = store.updateRun(
    id,
    {
      status,
      endedAt,
      metrics: run.figures.metrics,
      usage: result?.usage ?? run.figures.usage,
      ...(result && !failure ? { result: redactSecrets(result, options.secrets) } : {}),
      ...(failure ? { error: failure } : {}),
    },
    options.fence,
  );
  if (await lostTheRun(options, final)) return;
  // Remembered only by the node that ended it, once its end is stored.
  if (result && !failure && status === result.status) {
    await remember(options, { result: redactSecrets(result, options.secrets), endedAt, owner: record.owner });
  }
  options.logState(status, {
    ...(result ? { stopReason: result.stopReason, durationMs: result.durationMs } : {}),
    ...(failure ? { error: failure.code } : {}),
    totalTokens: (result?.usage ?? run.figures.usage).totalTokens,
  });
}

/**
 * Stores the final state of a run whose events already end it (its node stopped right after the
 * `run-end`); true when the run had ended so (whether or not this node still holds it).
 */
async function endedBefore(options: ExecuteRunOptions, events: readonly ResearchEvent[]): Promise<boolean> {
  const { store, id } = options;
  const record = await store.getRun(id);
  const ending = record && storedEnding(record, events);
  // Earlier versions stored the `cancelled` end the engine of a run cut off by shutdown makes (today
  // it is not stored): in their runs it is no end. (A run a client cancelled is not resumed: in a
  // cluster its claim says so.)
  if (!ending || ending.update.status === 'cancelled') return false;
  if (await lostTheRun(options, store.updateRun(id, ending.update, options.fence))) return true;
  if (ending.result) {
    await remember(options, {
      result: ending.result,
      endedAt: ending.update.endedAt,
      owner: record.owner,
    });
  }
  options.logState(ending.update.status, { reason: 'its events already ended it' });
  return true;
}

/**
 * Whether a write failed because the run was taken again since this copy's claim (this node was
 * presumed dead); if so the copy stops as lost.
 */
function lostTheRun(options: ExecuteRunOptions, write: Promise<unknown>): Promise<boolean> {
  return write.then(
    () => false,
    (error: unknown) => {
      if (!notHeld(error)) throw error;
      stopLost(options, error);
      return true;
    },
  );
}

/**
 * This copy of the run lost it (another take holds it now, which writes its events, state and end):
 * it stops without writing anything more, and says why in the log.
 */
function stopLost(options: ExecuteRunOptions, cause: unknown): void {
  options.run.stopCause = 'lost';
  options.logger.log('warn', 'run taken over: this copy stopped, its late writes refused', {
    runId: options.id,
    claim: options.claim,
    cause: describeError(cause),
  });
}

/**
 * Starts executing a run in the background and returns it as an active run. Whatever happens
 * (a bookkeeping failure is logged), `onSettled` is called once it has ended, then `finished` resolves.
 */
export function launchRun(options: Omit<ExecuteRunOptions, 'run'> & { onSettled: () => void }): ActiveRun {
  const { onSettled, ...rest } = options;
  let markFinished = () => {};
  const run: ActiveRun = {
    controller: new AbortController(),
    figures: emptyFigures(),
    finished: new Promise((resolve) => {
      markFinished = resolve;
    }),
  };
  executeRun({ ...rest, run })
    .catch((error) => {
      options.logger.log('error', 'run bookkeeping failed', {
        runId: options.id,
        error: describeError(error),
      });
    })
    .finally(() => {
      onSettled();
      markFinished();
    });
  return run;
}

/** Keeps the finished run as a memory; a failure to is logged, never the run's. */
async function remember(
  options: ExecuteRunOptions,
  run: { result: ResearchResult; endedAt: string; owner: string | undefined },
): Promise<void> {
  try {
    await rememberRun(options.store, {
      result: run.result,
      endedAt: run.endedAt,
      options: options.options,
      owner: run.owner,
    });
  } catch (error) {
    options.logger.log('error', 'run memory not kept', { runId: options.id, error: describeError(error) });
  }
}
