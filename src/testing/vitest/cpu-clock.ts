/** A clock of the CPU this process has used since it started: user and system time. */
export interface CpuClock {
  /** CPU milliseconds used since the clock started. */
  ms(): number;
}

/**
 * Starts a clock of this process's CPU time. Tests that guard against a walk growing faster than
 * the page bound this rather than the wall clock: on a loaded machine a test waits for a core, and
 * that wait is not the code's (a 5 s bound on wall time failed at 10.4 s at load 13 for a walk
 * that takes well under a second). Vitest runs each file in a process of its own (`pool: 'forks'`
 * in vitest.config.ts), so no other file's work is counted.
 */
export function cpuClock(): CpuClock {
  const started = process.cpuUsage();
  return {
    ms() {
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    },
  };
}
