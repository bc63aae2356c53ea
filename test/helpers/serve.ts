import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { ResearchEvent } from '../../src/contract/index.js';
import { binPath } from './run-cli.js';

/**
 * How long `serve` may take to say it is listening before it is called stuck: as long as `runCli` lets
 * a run take, just under the end-to-end tests' own limit, so a stuck start is reported with its output.
 * One minute was too tight on a busy machine, where a start on Postgres runs its migrations too.
 */
const START_LIMIT_MS = 110_000;

/**
 * Starts the real `deepresearch serve` (from the sources) on a free port with a clean environment
 * plus `env`, and resolves with its URL once it says it is listening; rejects with its output when
 * it exits first or does not start within `timeoutMs` (`START_LIMIT_MS`).
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
      options.timeoutMs ?? START_LIMIT_MS,
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

/** Reads a run's SSE stream, collecting events until `stop` says enough. */
export async function readEvents(url: string, received: ResearchEvent[], stop: () => boolean): Promise<void> {
  const response = await fetch(url);
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (reader && !stop()) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (/^id: /m.test(block) && data) received.push(JSON.parse(data));
      end = buffer.indexOf('\n\n');
    }
  }
}
