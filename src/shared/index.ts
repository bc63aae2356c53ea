export { abortableDelay, raceAbort } from './abort.js';
export { type DataDirectoryOptions, userDataDirectory } from './data-dir.js';
