import type { InputAnswer, InputRequest } from '../../contract/index.js';
import { checkInputAnswer } from '../input/check-answer.js';
import { noteAnswer, noteRequest } from '../input/input-record.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';

/** How the loop ends when the run pauses for input. */
export const AWAITING_INPUT: LoopEnd = { stopReason: 'awaiting_input', accepted: false };

/**
 * Moves the run's start and deadlines later by `milliseconds`: time spent waiting for a person
 * counts against no cap.
 */
export function shiftClock(options: Pick<LoopOptions, 'run' | 'limits'>, milliseconds: number): void {
  options.run.startedAt += milliseconds;
  options.limits.loopDeadline += milliseconds;
  options.limits.runDeadline += milliseconds;
}

/**
 * Asks the person for input: emits `input-request`, then waits for `askInput` (the wait is not
 * counted) and emits the checked `input-answer`; without `askInput` the run's request is left
 * waiting and undefined is returned (the caller pauses the run).
 */
export async function askPerson(
  options: LoopOptions,
  request: InputRequest,
): Promise<InputAnswer | undefined> {
  const { run } = options;
  const now = options.now ?? Date.now;
  noteRequest(run.input, request);
  options.emit(
    { type: 'input-request', request, elapsedMs: Math.max(0, now() - run.startedAt) },
    { step: 0 },
  );
  if (!options.askInput) {
    run.input.waiting = request;
    return undefined;
  }
  const asked = now();
  let reply: unknown;
  try {
    // The caller's own function: it gets no `signal` key rather than an undefined one.
    reply = await options.askInput(request, options.signal ? { signal: options.signal } : {});
  } finally {
    shiftClock(options, now() - asked);
  }
  const answer = checkInputAnswer(request, reply);
  noteAnswer(run.input, answer);
  options.emit({ type: 'input-answer', answer }, { step: 0 });
  return answer;
}
