export { abortableDelay, raceAbort } from './abort.js';
export { actionText, plural, truncate } from './action-words.js';
export { canonicalUrl } from './canonical-url.js';
export { type DataDirectoryOptions, userDataDirectory } from './data-dir.js';
