export { useKeptRuns } from './use-kept-runs.js';
export { useNow, useRun } from './use-run.js';
export { type ServerChoices, useServerChoices } from './use-server-choices.js';
