import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { binPath } from './run-cli.js';

/**
 * Starts the real `deepresearch serve` (from the sources) on a free port with a clean environment
 * plus `env`, and resolves with its URL once it says it is listening; rejects with its output when
 * it exits first or does not start within `timeoutMs`.
 */
export async function startServe(
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [binPath, 'serve', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), DEEPRESEARCH_FROM_SOURCE: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve did not start:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { url, child };
}

/** Ends a `serve` started by `startServe` (SIGTERM) and waits for it to exit; nothing if it has. */
export async function stopServe(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
