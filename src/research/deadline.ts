import { DeepResearchError } from '../errors.js';

/** A step ran out of the run's time. */
export class StepTimeoutError extends DeepResearchError {
  constructor(milliseconds: number) {
    super({
      code: 'time_limit',
      kind: 'limit',
      message: `The step did not finish within the ${milliseconds} ms left.`,
    });
  }
}

/** The run was cancelled through its AbortSignal. */
export class RunCancelledError extends DeepResearchError {
  constructor() {
    super({ code: 'cancelled', kind: 'limit', message: 'The run was cancelled.' });
  }
}

/**
 * Runs `task` with a signal that aborts after `milliseconds` or when `parent` aborts, and stops
 * waiting at that moment even if the task ignores its signal (a model that never answers).
 */
export async function withDeadline<T>(
  task: (signal: AbortSignal) => Promise<T>,
  options: { milliseconds: number; parent?: AbortSignal },
): Promise<T> {
  const controller = new AbortController();
  const milliseconds = Math.max(0, Math.floor(options.milliseconds));
  let rejectEarly: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    rejectEarly = reject;
  });
  const onParentAbort = () => {
    const error = new RunCancelledError();
    controller.abort(error);
    rejectEarly(error);
  };
  const timer = setTimeout(() => {
    const error = new StepTimeoutError(milliseconds);
    controller.abort(error);
    rejectEarly(error);
  }, milliseconds);
  if (options.parent?.aborted) onParentAbort();
  else options.parent?.addEventListener('abort', onParentAbort, { once: true });
  const running = task(controller.signal);
  // When the deadline wins the race, the task's own late failure has nowhere to go; its outcome
  // was already decided by the deadline, so it is observed here and dropped on purpose.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, stopped]);
  } finally {
    clearTimeout(timer);
    options.parent?.removeEventListener('abort', onParentAbort);
  }
}
