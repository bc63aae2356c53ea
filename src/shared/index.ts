export { abortableDelay, raceAbort } from './abort.js';
