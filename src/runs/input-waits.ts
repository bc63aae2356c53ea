import type { InputRequest, ResearchEvent } from '../contract/index.js';

/** The request a run waits for: its last `input-request` with no `input-answer` after it. */
export interface PendingInput {
  request: InputRequest;
  /** ISO-8601 time it was asked. */
  askedAt: string;
  /** The run's own time before it paused, in milliseconds. */
  elapsedMs: number;
}

/**
 * What a run's events say about its input: the request still waiting (none once answered or once
 * the run has ended), and whether the last request was answered.
 */
export function inputState(events: readonly ResearchEvent[]): { pending?: PendingInput; answered: boolean } {
  let pending: PendingInput | undefined;
  let answered = false;
  for (const event of events) {
    if (event.type === 'input-request') {
      pending = { request: event.request, askedAt: event.at, elapsedMs: event.elapsedMs };
      answered = false;
    } else if (event.type === 'input-answer') {
      pending = undefined;
      answered = true;
    } else if (event.type === 'run-end' || event.type === 'run-error') {
      pending = undefined;
    }
  }
  return { pending, answered };
}

/** Longest delay a timer takes (about 24.8 days); a longer wait is re-armed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The timers that cancel runs left waiting for input too long: one per waiting run, due
 * `waitMs` after it was asked; they keep no process alive.
 */
export class InputWaits {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly options: {
      waitMs: number;
      now: () => Date;
      /** Called when a run's wait is over. */
      expire: (id: string) => void;
    },
  ) {}

  /** When a run asked at `askedAt` is cancelled unanswered. */
  deadline(askedAt: string): Date {
    return new Date(Date.parse(askedAt) + this.options.waitMs);
  }

  /** Starts (or restarts) the wait of a run asked at `askedAt`; expires at once when already over. */
  arm(id: string, askedAt: string): void {
    this.clear(id);
    const left = this.deadline(askedAt).getTime() - this.options.now().getTime();
    if (left <= 0) {
      this.options.expire(id);
      return;
    }
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        if (left > MAX_TIMER_MS) this.arm(id, askedAt);
        else this.options.expire(id);
      },
      Math.min(left, MAX_TIMER_MS),
    );
    timer.unref?.();
    this.timers.set(id, timer);
  }

  /** Whether a wait of the run is armed here. */
  has(id: string): boolean {
    return this.timers.has(id);
  }

  clear(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  clearAll(): void {
    for (const id of [...this.timers.keys()]) this.clear(id);
  }
}
