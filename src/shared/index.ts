export { abortableDelay, raceAbort } from './abort.js';
export { actionText, plural, truncate } from './action-words.js';
export { canonicalUrl } from './canonical-url.js';
export { type DataDirectoryOptions, userDataDirectory } from './data-dir.js';
export {
  escapeRegExp,
  normalizeDateText,
  parseDate,
  slashedDayFirst,
  toIsoDate,
} from './dates/index.js';
export { fileTargetProblem, folderTargetProblem } from './file-target.js';
export { once } from './once.js';
export {
  checkOptionalPackages,
  loadOptionalPackage,
  type OptionalFeature,
  type ResolvePackage,
} from './optional-package.js';
export { packageVersion } from './package-version.js';
export { holdUntilExit, releaseProcessResources } from './process-resources.js';
export { seededRandom } from './seeded-random.js';
export { startModuleWorker } from './start-module-worker.js';
export { untrustedLine } from './untrusted-line.js';
export {
  createWorkerPool,
  type WorkerPool,
  WorkerPoolError,
} from './worker-pool.js';
export { serveWorkerTasks } from './worker-tasks.js';
