/**
 * The run service: queue, execution, event hub and writer, follow, metrics and the operator's
 * corpora. It talks to the `RunStore` contract and the engine only, throws `RunServiceError`s with
 * stable codes and knows nothing of HTTP: the server adapts it, eval runs its questions through it.
 */
export { ALL_RUNS, type RunAccess } from './access.js';
export { CONNECTION_OPTIONS, connectionOptionsOf } from './connection-options.js';
export { CorpusRegistry } from './corpus-registry.js';
export { createRunService, type RunServiceOptions } from './create-run-service.js';
export { RunServiceError, type RunServiceErrorCode } from './errors.js';
export { inputState } from './input-waits.js';
export { createLogger, type Logger, type LogLevel, silentLogger } from './logger.js';
export { RunManager } from './run-manager.js';
export type { RunManagerOptions } from './run-manager-options.js';
export { followedMemory, memoriesFor } from './run-memory.js';
export type { Runner } from './runner.js';
