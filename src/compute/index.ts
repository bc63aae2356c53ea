export { ComputeError } from './errors.js';

export { createComputeSandbox } from './sandbox.js';
export type { ComputeOutput, ComputeRequest, ComputeSandbox } from './types.js';
