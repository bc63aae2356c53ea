/** The time, in milliseconds since 1970, that the sandbox's engine reads: the epoch, on every run. */
export const ENGINE_TIME_MS = 0;

/**
 * Stops the clock QuickJS reads. This build asks its host's `Date.now` for the time (Emscripten's
 * `emscripten_date_now` import, looked up at each call), so with it stopped any path to the real
 * `Date` a program might still find inside the sandbox reads the same instant on every run, and a
 * re-run reproduces the output. Only a compute worker calls it: the worker runs nothing else, and
 * its own timing uses `performance.now`. Returns what puts the clock back (for the test that checks
 * the build still reads its time there).
 */
export function stopEngineClock(): () => void {
  const hostNow = Date.now;
  Date.now = () => ENGINE_TIME_MS;
  return () => {
    Date.now = hostNow;
  };
}
