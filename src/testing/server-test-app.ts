import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { parseResearchConfig } from '../config/index.js';
import { type CreateAppOptions, createApp, createLogger } from '../server/index.js';
import { createMemoryStore, type RunStore } from '../store/index.js';
import { createFakeRunner, type FakeRunnerOptions } from './fake-runner.js';

/** The server's config in tests: with an API key that must never leak. */
export const TEST_API_KEY = 'sk-test-secret-0123456789';

/** An in-process app with a fake engine and a memory store; `logs` collects the log lines. */
export function makeTestApp(
  options: Partial<CreateAppOptions> & { fake?: FakeRunnerOptions; store?: RunStore } = {},
) {
  const logs: string[] = [];
  const store = options.store ?? createMemoryStore();
  const runner = options.runner ?? createFakeRunner(options.fake);
  const server = createApp({
    config: parseResearchConfig({ apiKey: TEST_API_KEY }),
    logger: createLogger({ stream: { write: (line: string) => logs.push(line) } }),
    webDirectory: '/nonexistent-web-dist',
    ...options,
    store,
    runner,
  });
  return { ...server, store, runner, logs };
}

/** Serves an app on 127.0.0.1 at a free port. */
export async function listen(server: ReturnType<typeof makeTestApp>) {
  const node = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      { fetch: server.app.fetch, websocket: server.websocket, port: 0, hostname: '127.0.0.1' },
      () => resolve(started),
    );
  });
  const { port } = node.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in node) node.closeAllConnections();
        node.close(() => resolve());
      }),
  };
}

/** One parsed SSE message. */
export interface SseMessage {
  id?: string;
  event?: string;
  /** Reconnection delay the server set, in milliseconds. */
  retry?: number;
  data: string;
}

/** Parses an SSE body into messages (comments skipped). */
export function parseSse(text: string): SseMessage[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() && !block.startsWith(':'))
    .map((block) => {
      const message: SseMessage = { data: '' };
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(': ');
        const value = rest.join(': ');
        if (field === 'id') message.id = value;
        else if (field === 'event') message.event = value;
        else if (field === 'data') message.data += value;
        else if (field === 'retry') message.retry = Number(value);
      }
      return message;
    });
}
