export { COMPUTE_ERROR_CODES, ComputeError, type ComputeErrorCode } from './errors.js';
export { type ComputeLimits, DEFAULT_COMPUTE_LIMITS } from './limits.js';
export { createComputeSandbox } from './sandbox.js';
export type { ComputeOutput, ComputeRequest, ComputeSandbox } from './types.js';
