import type { ResearchConfig } from '../../config/index.js';
import type { ResearchEvent, ResearchResult, RunStatus } from '../../contract/index.js';
import { foldRunEvent, foldRunEvents, type RunFigures } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import type { SourceCache } from '../../reader/types.js';
import type { ResearchRuntime } from '../../research/types.js';
import type { RunStore } from '../../store/index.js';
import type { Logger } from '../logger.js';
import { redactSecrets } from './redaction.js';
import type { Runner } from './runner.js';

/** A run executing in this process. */
export interface ActiveRun {
  controller: AbortController;
  figures: RunFigures;
  /** Why the run was stopped early, if it was. */
  stopCause?: 'cancel' | 'shutdown';
  finished: Promise<void>;
}

export interface ExecuteRunOptions {
  id: string;
  options: ResearchConfig;
  /** Continue from the run's stored events (an interrupted run). */
  resume: boolean;
  run: ActiveRun;
  store: RunStore;
  runner: Runner;
  logger: Logger;
  now: () => Date;
  /** Called with each event once it is stored. */
  publish: (event: ResearchEvent) => void;
  /** Called on each state change, for the log. */
  logState: (status: RunStatus, fields?: Record<string, unknown>) => void;
  secrets: readonly string[];
  sourceCache?: SourceCache;
  runtime?: Omit<ResearchRuntime, 'runId' | 'signal' | 'onEvent' | 'resumeFrom' | 'sourceCache'>;
}

/**
 * Runs one run to its end: marks it running, numbers and redacts each event, stores it (then its
 * evaluation and the sources its reads name) before publishing it, and stores the final state, result, usage and
 * metrics. An engine that throws ends `failed` with a `run-error` event; a run stopped by shutdown
 * ends `interrupted`.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<void> {
  const { store, id, run, now } = options;
  const previous = options.resume ? await store.listEvents(id) : [];
  if (options.resume) run.figures = foldRunEvents(previous);
  const record = await store.updateRun(id, {
    status: 'running',
    ...(options.resume ? {} : { startedAt: now().toISOString() }),
  });
  options.logState('running');

  let nextIndex = record.eventCount;
  let writes: Promise<void> = Promise.resolve();
  let writeFailure: unknown;
  const write = (task: () => Promise<void>) => {
    writes = writes.then(task).catch((error) => {
      writeFailure ??= error;
      options.logger.log('error', 'event write failed', { runId: id, error: describeError(error) });
    });
  };
  const onEvent = (event: ResearchEvent) => {
    // The engine numbers from 0 on every attempt; the log of a resumed run continues its numbering.
    const stored = redactSecrets({ ...event, runId: id, index: nextIndex++ }, options.secrets);
    run.figures = foldRunEvent(run.figures, stored);
    // Appending now (in order) lets the store batch events of many runs into one commit; the event
    // is published only once its append has resolved.
    const appended = store.appendEvent(stored);
    appended.catch(() => {
      // Handled below, in order, by the write chain.
    });
    write(async () => {
      await appended;
      if (stored.type === 'evaluation') {
        const { index: eventIndex, attempt, pass, checks } = stored;
        await store.addEvaluation(id, { eventIndex, attempt, pass, checks });
      }
      // A run's sources come from its reads' events, whether the page was fetched or cached.
      if (stored.type === 'tool-result') {
        for (const source of stored.sources ?? []) await store.addSource(id, source);
      }
      options.publish(stored);
    });
  };

  let result: ResearchResult | undefined;
  let failure: { code: string; message: string } | undefined;
  try {
    result = await options.runner(
      { ...options.options, question: record.question },
      {
        ...options.runtime,
        runId: id,
        signal: run.controller.signal,
        onEvent,
        ...(options.sourceCache ? { sourceCache: options.sourceCache } : {}),
        ...(options.resume ? { resumeFrom: previous } : {}),
      },
    );
  } catch (error) {
    failure = describeError(error);
  }
  await writes;
  if (!failure && writeFailure) failure = { code: 'store_failed', message: 'Events could not be stored.' };
  if (failure) {
    onEvent({ type: 'run-error', ...failure, runId: id, index: 0, at: now().toISOString(), step: 0 });
    await writes;
  }
  const status: RunStatus =
    run.stopCause === 'shutdown' ? 'interrupted' : failure ? 'failed' : (result?.status ?? 'failed');
  await store.updateRun(id, {
    status,
    endedAt: now().toISOString(),
    metrics: run.figures.metrics,
    usage: result?.usage ?? run.figures.usage,
    ...(result && !failure ? { result: redactSecrets(result, options.secrets) } : {}),
    ...(failure ? { error: failure } : {}),
  });
  options.logState(status, {
    ...(result ? { stopReason: result.stopReason, durationMs: result.durationMs } : {}),
    ...(failure ? { error: failure.code } : {}),
    totalTokens: (result?.usage ?? run.figures.usage).totalTokens,
  });
}
