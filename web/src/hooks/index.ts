export { type RunHandle, useNow, useRun } from './use-run.js';
