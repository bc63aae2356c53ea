import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach } from 'vitest';
import { research } from '../../src/research/index.js';
import { type DemoWorld, demoResearchConfig, startDemoWorld } from '../../src/testing/demo-world.js';
import { listen, makeTestApp, type TestAppOptions } from '../../src/testing/server-test-app.js';

/** What a demo server is started with besides the world: the script of its fake model and the app's options. */
interface DemoServerOptions {
  /** The fake model's script and pages of the demo world. */
  world?: Parameters<typeof startDemoWorld>[0];
  /** The app's options (tokens, limits, corpora); the engine, config and capabilities are the demo's. */
  app?: TestAppOptions;
}

/**
 * Demo servers for a test file: the real server app (run service, auth, memory store, the real engine) on a
 * port over a demo world of fake model, search and pages, and MCP clients connected to it. Whatever a test
 * started is closed after it, clients first.
 */
export function demoServers() {
  let world: DemoWorld | undefined;
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await world?.close();
    world = undefined;
  });

  /** A demo world alone (for tests that drive the CLI against it); closed after the test. */
  async function startWorld(options?: DemoServerOptions['world']): Promise<DemoWorld> {
    world = await startDemoWorld(options);
    return world;
  }

  async function startServer(options: DemoServerOptions = {}) {
    const started = await startWorld(options.world);
    const server = makeTestApp({
      runner: research,
      config: demoResearchConfig(started),
      capabilities: { env: {} },
      ...options.app,
    });
    const http = await listen(server);
    closers.push(async () => {
      await server.closeMcpSessions();
      await server.runs.shutdown({ graceMs: 0 });
      await http.close();
    });
    return { server, url: http.url, world: started };
  }

  /** An MCP client connected to the server at `url` (with a bearer token when given). */
  async function connect(url: string, token?: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
    });
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(transport);
    closers.push(() => client.close());
    return client;
  }

  return {
    startWorld,
    startServer,
    connect,
    closeAfter: (close: () => Promise<void>) => closers.push(close),
  };
}
