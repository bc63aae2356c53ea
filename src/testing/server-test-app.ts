import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { parseResearchConfig } from '../config/schemas.js';
import type { CapabilityOverrides } from '../research/index.js';
import { createLogger, createRunService, type RunServiceOptions } from '../runs/index.js';
import { type CreateAppOptions, createApp, type ServeOptions } from '../server/index.js';
import { createMemoryStore, type RunStore } from '../store/index.js';
import { createFakeRunner, type FakeRunnerOptions } from './fake-runner.js';

/** The server's config in tests: with an API key that must never leak. */
export const TEST_API_KEY = 'sk-test-secret-0123456789';

/**
 * What a test app is made of: the app's options, `serve`'s settings among them (flat, as tests give
 * them), and the run service's besides `runs`.
 */
export type TestAppOptions = Partial<Omit<CreateAppOptions, 'runs' | 'serve'>> &
  ServeOptions &
  Partial<Pick<RunServiceOptions, 'runner' | 'inputWaitMs'>> & {
    fake?: FakeRunnerOptions;
    store?: RunStore;
    /** Capabilities of every run and of the MCP tools. */
    capabilities?: CapabilityOverrides;
  };

/**
 * An in-process app with a fake engine and a memory store, composed as `startServer` composes it
 * (the auth tokens among the run service's secrets); `logs` collects the log lines.
 */
export function makeTestApp(options: TestAppOptions = {}) {
  const {
    fake,
    store: given,
    runner: givenRunner,
    inputWaitMs,
    config: givenConfig,
    logger: givenLogger,
    ...rest
  } = options;
  const { capabilities, corpora, now, checkSetup, limits, hostNames, maxBodyBytes, webDirectory, ...more } =
    rest;
  const { failedLoginsPerMinute, failedLoginsOverallPerMinute, ...serve } = more;
  const logs: string[] = [];
  const store = given ?? createMemoryStore();
  const runner = givenRunner ?? createFakeRunner(fake);
  const config = givenConfig ?? parseResearchConfig({ apiKey: TEST_API_KEY });
  const logger = givenLogger ?? createLogger({ stream: { write: (line: string) => logs.push(line) } });
  const runs = createRunService({
    store,
    runner,
    config,
    logger,
    secrets: [...(serve.authTokens ?? []), ...(serve.adminTokens ?? [])],
    maxConcurrentRuns: serve.maxConcurrentRuns,
    maxRunningPerOwner: serve.maxRunningPerOwner,
    maxQueuedPerOwner: serve.maxQueuedPerOwner,
    inputWaitMs,
    capabilities,
    corpora,
    now,
  });
  const server = createApp({
    runs,
    config,
    serve,
    logger,
    capabilities,
    corpora,
    now,
    checkSetup,
    limits,
    hostNames,
    maxBodyBytes,
    failedLoginsPerMinute,
    failedLoginsOverallPerMinute,
    webDirectory: webDirectory ?? '/nonexistent-web-dist',
  });
  return { ...server, runs, store, runner, logs };
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
