/**
 * The run service: queue, execution, event hub, follow and metrics. It throws `RunServiceError`s
 * with stable codes and knows nothing of HTTP; `../http` adapts it.
 */
export { ALL_RUNS, type RunAccess } from './access.js';
export { connectionOptionsOf } from './connection-options.js';
export { CorpusRegistry } from './corpus-registry.js';
export { RunServiceError, type RunServiceErrorCode } from './errors.js';
export { createEvalFolders, type EvalFolders } from './eval-folders.js';

export { summarize } from './metrics.js';
export { RunManager, type RunManagerOptions } from './run-manager.js';
export type { Runner } from './runner.js';
