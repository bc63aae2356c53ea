export { abortableDelay, raceAbort } from './abort.js';
export { canonicalUrl } from './canonical-url.js';
