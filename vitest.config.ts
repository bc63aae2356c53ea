import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit files share one module cache per worker (`isolate: false`): importing the engine's modules again
 * for each of some 270 files was most of the unit tests' time (143 s isolated, 45 s shared, on two cores).
 * They can share it because no unit test changes what another imports: each builds its own fakes and
 * stores, and one that fakes the clock or a global restores it.
 *
 * End-to-end files mostly wait: on the CLI and server processes they spawn, on fake latencies, on Chromium
 * and Postgres. Run one after another (Vitest's default on two cores is one worker) they made `npm test`
 * the sum of their waits, so they run as their own group after the unit files, several at once.
 * `DEEPRESEARCH_E2E_WORKERS` overrides the count (1 runs them one by one again). Three on two cores: the
 * end-to-end project took 281 s with three and 293 s with four, back to back (88 files, load 3–8, 2026-12-02).
 *
 * Unit files run two at a time even on two cores (Vitest's default there is one): several of them wait
 * more than they compute (worker threads for programs and research, Chromium, timers), and beside three
 * CPU-bound processes the unit project took 167 s with two workers against 273 s with one, for the same
 * CPU (147 s against 152 s user and system; 2026-12-02). `DEEPRESEARCH_UNIT_WORKERS` overrides it.
 *
 * They share one module cache per worker too (`isolate: false`): each imported the helpers and the fakes
 * of `src/testing/` (most of the engine) again, 12 files took 49–52 s of CPU isolated and 40–43 s shared.
 * They can: what they change lives in the processes they spawn (servers, CLI runs with an environment of
 * their own), not in the worker; none replaces a global, the environment or a module.
 */
const endToEndWorkers = Number(process.env.DEEPRESEARCH_E2E_WORKERS) || Math.max(3, availableParallelism());
const unitWorkers = Number(process.env.DEEPRESEARCH_UNIT_WORKERS) || Math.max(2, availableParallelism() - 1);

/**
 * Limits for a test or hook that hangs, not a check of speed: on a loaded machine (several suites on
 * two cores) an end-to-end test that takes 20 s alone takes two minutes. A test that needs more
 * says so itself.
 */
const shared = { testTimeout: 120_000, hookTimeout: 120_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    // Of the root config, so one for both projects: the run's one Postgres cluster, started when a
    // file first asks for a database (`src/testing/vitest/postgres-database.ts`).
    globalSetup: ['src/testing/vitest/postgres-global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          isolate: false,
          maxWorkers: unitWorkers,
          include: ['src/**/*.test.ts', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'end-to-end',
          isolate: false,
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/helpers/built-cli.ts'],
          maxWorkers: endToEndWorkers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
