import type { ResearchEvent } from '../../../src/contract/index.js';

/**
 * The run's clock as its events set it: the run time `elapsedMs` it had at ISO time `at`, and
 * whether it is stopped because the run waits for a person (clarifying answers, a plan review).
 */
export interface RunClock {
  elapsedMs: number;
  at: string;
  waiting: boolean;
}

/**
 * Folds one event into the clock. The wait for a person is not run time (the engine's own clock
 * skips it too): `input-request` stops the clock at the run time it reports, `input-answer` and
 * the `run-start` of a resumed run start it again from there. Pure.
 */
export function clockReducer(clock: RunClock | undefined, event: ResearchEvent): RunClock | undefined {
  switch (event.type) {
    case 'run-start':
      return { elapsedMs: clock?.elapsedMs ?? 0, at: event.at, waiting: false };
    case 'input-request':
      return { elapsedMs: event.elapsedMs, at: event.at, waiting: true };
    case 'input-answer':
      return clock && { elapsedMs: clock.elapsedMs, at: event.at, waiting: false };
    default:
      return clock;
  }
}

/** The run time the clock shows at `nowMs`: frozen while the run waits, else counting. */
export function clockElapsed(clock: RunClock, nowMs: number): number {
  if (clock.waiting) return clock.elapsedMs;
  return clock.elapsedMs + Math.max(0, nowMs - Date.parse(clock.at));
}
