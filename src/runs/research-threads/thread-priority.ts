import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { describeError } from '../../errors.js';

/**
 * How much less CPU a research thread is given than the thread that serves HTTP when both want it
 * (added to its `nice` value: 10 gives it about a tenth of the share). Research waits on models and pages
 * anyway; the HTTP thread delivers every run's events, and each moment it waits for a core is
 * added to every event in flight.
 */
export const RESEARCH_THREAD_NICENESS = 10;

/**
 * Lowers the scheduling priority of the calling thread alone (the threads it starts, such as its
 * extraction workers, inherit it). Linux only, where a thread has a priority of its own
 * (`/proc/thread-self` names it); elsewhere a priority is the whole process's, so nothing is done.
 * Returns why it could not be lowered, if it could not (the thread works the same, unfavoured).
 */
export function lowerThreadPriority(niceness = RESEARCH_THREAD_NICENESS): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    // Relative to what it inherited (a server started with `nice` keeps its threads in order).
    setPriority(threadId, Math.min(19, getPriority(threadId) + niceness));
    return undefined;
  } catch (error) {
    return `the research thread's priority could not be lowered: ${describeError(error).message}`;
  }
}
