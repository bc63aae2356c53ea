export { COMPUTE_ERROR_CODES, ComputeError, type ComputeErrorCode } from './errors.js';
export { type ComputeLimits, DEFAULT_COMPUTE_LIMITS } from './limits.js';
export {
  type ComputeOutput,
  type ComputeRequest,
  type ComputeSandbox,
  createComputeSandbox,
} from './sandbox.js';
