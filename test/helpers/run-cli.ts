import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Set by the end-to-end project's global setup (`built-cli.ts`) to the CLI it compiled from `src/` for this run. */
export const BUILT_CLI_VARIABLE = 'DEEPRESEARCH_TEST_BUILT_CLI';

/**
 * The CLI the tests spawn: the one compiled from this run's sources, or else (a file run outside the
 * end-to-end project, a bench) `bin/deepresearch.js`, which with `DEEPRESEARCH_FROM_SOURCE=1` runs the
 * sources through tsx. Either way, never a stale `dist/`.
 */
export const binPath =
  process.env[BUILT_CLI_VARIABLE] ?? fileURLToPath(new URL('../../bin/deepresearch.js', import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * How long a run may take before it is killed as hung: just under the end-to-end tests' own limit
 * (120 s, `vitest.config.ts`), so a hang is reported with the CLI's stderr. One minute was too tight
 * on a busy machine: at load 30, three runs of the demo world of cli-e2e.test.ts were killed at 60 s.
 */
const DEFAULT_TIMEOUT_MS = 110_000;

/**
 * Runs the real `deepresearch` CLI (`binPath`: from this run's sources, so tests never see a stale
 * build) with a clean environment: no keys or settings leak in from the developer's shell.
 */
export function runCli(
  args: string[],
  options: {
    env?: Record<string, string>;
    cwd?: string;
    timeoutMs?: number;
    onSpawn?: (child: ChildProcess) => void;
  } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], {
      cwd: options.cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DEEPRESEARCH_FROM_SOURCE: '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`deepresearch ${args.join(' ')} did not finish in time.\nstderr:\n${stderr}`));
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    options.onSpawn?.(child);
  });
}
