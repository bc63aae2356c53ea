export { useNow, useRun } from './use-run.js';
