import type { WorkerTiming } from './run-dispatcher.js';

/**
 * Timing of the worker of a single server (a cluster of one): it is told of every queued run and
 * cancel request at once, so its poll and heartbeat only catch what falls between two steps, in
 * milliseconds.
 */
export const IN_PROCESS_TIMING: WorkerTiming = { heartbeatMs: 1000, pollIntervalMs: 1000 };
