/**
 * `deepresearch serve`: `startServer` (the lifecycle: database, corpora, listening, shutdown, logs,
 * and the auth policy) over `createApp`, the HTTP adapter of a run service (`http/`: Hono routes,
 * auth, static UI, rate limit, OpenAI surface, MCP over HTTP). The run service lives in `../runs`;
 * what library users took from here before it moved is re-exported.
 */

export {
  CorpusRegistry,
  createLogger,
  createRunService,
  type Logger,
  type LogLevel,
  RunManager,
  type RunManagerOptions,
  type Runner,
  RunServiceError,
  type RunServiceErrorCode,
  type RunServiceOptions,
  silentLogger,
} from '../runs/index.js';
export * from './constants.js';
export { defaultDatabasePath } from './database-path.js';
export { type CreateAppOptions, createApp, type ServerApp } from './http/app.js';
export type { AppEnv } from './http/app-env.js';
export { ApiError, type ApiErrorCode } from './http/errors.js';
export { openServerDatabase, type ServerDatabase } from './open-database.js';
export type { ServeOptions } from './serve-options.js';
export { type RunningServer, type ServerRole, type StartServerOptions, startServer } from './start-server.js';
