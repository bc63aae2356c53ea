export { type CreateAppOptions, createApp, type ServerApp } from './app.js';
export type { AppEnv } from './app-env.js';
export * from './constants.js';
export { defaultDatabasePath } from './database-path.js';
export { ApiError, type ApiErrorCode } from './errors.js';
export { createLogger, type Logger, type LogLevel, silentLogger } from './logger.js';
export { RunManager, type RunManagerOptions } from './run-manager.js';
export type { Runner } from './runner.js';
