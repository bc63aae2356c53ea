import type { WebSocketServerLike } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ResearchConfig } from '../../config/index.js';
import type { CapabilityOverrides } from '../../research/index.js';
import type { CorpusRegistry, Logger, RunManager } from '../../runs/index.js';
import type { LimitStore } from '../../store/index.js';
import type { ServeOptions } from '../serve-options.js';
import type { AppEnv } from './app-env.js';
import type { RunOptionsPolicy } from './run-options.js';

export interface CreateAppOptions {
  /**
   * The run service the routes drive (`createRunService` builds one). Its `secrets` should hold the
   * auth tokens of `serve`, so that no event or result shows them; `startServer` sees to it.
   */
  runs: RunManager;
  /** The server's research options (from its flags): defaults of every run, secrets included. */
  config: ResearchConfig;
  /**
   * `serve`'s settings; the app reads who may call it (`authTokens`: each sees only its own runs;
   * `adminTokens`: every run; none: no auth, loopback only), `corsOrigins`, `requestsPerMinute`,
   * what clients may choose (`allowedModels`, `maxTemperature`), `publicUrl` and `evalDirs`.
   */
  serve?: ServeOptions;
  /**
   * Host names the server answers to without auth, besides 127.0.0.1, localhost and [::1] (a
   * request by any other name is refused: DNS rebinding). Ignored with auth tokens.
   */
  hostNames?: readonly string[];
  /**
   * Checks a run's options can start (e.g. `checkResearchSetup` with the server's env) before the
   * run is accepted; a `ConfigError` is a 400 naming the field. Absent: no check.
   */
  checkSetup?: RunOptionsPolicy['checkSetup'];
  /** Wrong tokens one client address may send per minute (default `DEFAULT_FAILED_LOGINS_PER_MINUTE`). */
  failedLoginsPerMinute?: number;
  /** Wrong tokens all addresses together may send per minute (default `DEFAULT_FAILED_LOGINS_OVERALL_PER_MINUTE`). */
  failedLoginsOverallPerMinute?: number;
  /**
   * Where the rate limit, the wrong-token throttle and `Idempotency-Key`s keep their state: on
   * Postgres the store's `limits`, shared by every api node. Absent: this process's memory.
   */
  limits?: LimitStore;
  /** Largest request body in bytes (default `MAX_BODY_BYTES`). */
  maxBodyBytes?: number;
  logger?: Logger;
  /**
   * What the read and search tools of `/mcp` are built with (the runs' own: the source cache, the
   * environment; fakes in tests).
   */
  capabilities?: CapabilityOverrides;
  /**
   * Folders the operator registered (`serve --corpus`), open and indexed: listed by id at
   * `/api/corpora`, picked by runs in `options.corpora`. Runs never open folders from options.
   */
  corpora?: CorpusRegistry;
  /** Folder of the built web UI (default web/dist). */
  webDirectory?: string;
  now?: () => Date;
}

export interface ServerApp {
  app: Hono<AppEnv>;
  /**
   * The WebSocket server of `/api/runs/:id/ws`: pass it to `serve({ fetch: app.fetch, websocket })`
   * of @hono/node-server so the Node server hands WebSocket upgrades to the app.
   */
  websocket: { server: WebSocketServerLike };
  /** Closes every open WebSocket (on shutdown, so the HTTP server can close). */
  closeWebSockets(): void;
  /** Closes the MCP sessions of `/mcp` (on shutdown; their runs are the run service's to end). */
  closeMcpSessions(): Promise<void>;
}
