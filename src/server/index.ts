/**
 * `deepresearch serve`: the HTTP adapter of the run service (`http/`: Hono routes, auth, static UI,
 * rate limit, OpenAI surface, MCP over HTTP). The run service itself lives in `../runs`; what library
 * users took from here before it moved is re-exported.
 */

export {
  CorpusRegistry,
  createLogger,
  type Logger,
  type LogLevel,
  RunManager,
  type RunManagerOptions,
  type Runner,
  RunServiceError,
  type RunServiceErrorCode,
  silentLogger,
} from '../runs/index.js';
export * from './constants.js';
export { defaultDatabasePath } from './database-path.js';
export { type CreateAppOptions, createApp, type ServerApp } from './http/app.js';
export type { AppEnv } from './http/app-env.js';
export { ApiError, type ApiErrorCode } from './http/errors.js';
