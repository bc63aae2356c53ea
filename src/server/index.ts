/**
 * `deepresearch serve`: the run service (`service/`: queue, execution, events, metrics; domain
 * errors) and its HTTP adapter (`http/`: Hono routes, auth, static UI, rate limit, OpenAI surface).
 */
export * from './constants.js';
export { defaultDatabasePath } from './database-path.js';
export { type CreateAppOptions, createApp, type ServerApp } from './http/app.js';
export type { AppEnv } from './http/app-env.js';
export { ApiError, type ApiErrorCode } from './http/errors.js';
export { createLogger, type Logger, type LogLevel, silentLogger } from './logger.js';
export {
  CorpusRegistry,
  RunManager,
  type RunManagerOptions,
  type Runner,
  RunServiceError,
  type RunServiceErrorCode,
} from './service/index.js';
